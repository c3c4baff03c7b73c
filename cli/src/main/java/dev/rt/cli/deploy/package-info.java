/**
 * {@code rt deploy kubernetes}: the manifests that run a runtime's image on Kubernetes (Deployment, Service, ConfigMap
 * of the configuration, Secret references, PodDisruptionBudget, an optional HorizontalPodAutoscaler), written as plain
 * YAML trees. It owns what the cluster is told (probes, grace period, memory, rolling updates); it asks the image
 * package where things are in the image and what the configuration becomes in a container, and knows nothing of how
 * the image is built.
 */
package dev.rt.cli.deploy;
