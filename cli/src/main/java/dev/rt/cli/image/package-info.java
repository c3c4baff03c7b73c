/**
 * {@code rt build --image}: the OCI image of a runtime and all its services, built with Jib's library (no container
 * engine): which files go in and in which layer ({@link dev.rt.cli.image.ImageLayout}), what a container needs
 * changed in the runtime's configuration ({@link dev.rt.cli.image.ContainerConfiguration}), and the build itself. It
 * owns the {@code image} section of the runtime configuration and {@code .imageignore}; it knows nothing of
 * Kubernetes (the deploy package asks it for the image's paths) nor of how services are built.
 */
package dev.rt.cli.image;
