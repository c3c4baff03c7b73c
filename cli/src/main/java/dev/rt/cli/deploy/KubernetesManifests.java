package dev.rt.cli.deploy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.cli.image.ContainerConfiguration;
import dev.rt.config.MetricsConfig;
import dev.rt.config.RuntimeConfig;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Kubernetes objects of one runtime, by file name. The pods run the image's {@code rt start} on the configuration
 * of the ConfigMap (the runtime's, as a container and the probes need it, copied into the runtime's directory first); readiness asks the metrics server's
 * {@code /ready} every 2 s, liveness its {@code /status}; {@code terminationGracePeriodSeconds} covers the drain and
 * {@code gracefulShutdown.runtime}; a rolling update starts a new pod before it stops an old one (maxUnavailable 0),
 * and the PodDisruptionBudget lets a voluntary eviction take one pod at a time.
 */
final class KubernetesManifests {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** How often the readiness probe asks: a drain shorter than two periods may lose requests. */
    static final int READINESS_PERIOD_SECONDS = 2;
    /** Beyond the drain and gracefulShutdown.runtime: the JVM's own exit. */
    static final int GRACE_MARGIN_SECONDS = 5;
    /** Where the ConfigMap is mounted in the pods. */
    static final String CONFIG_MOUNT = "/etc/rt";

    /**
     * @param name      the objects' name (DNS-1123) and their {@code app.kubernetes.io/name}
     * @param image     the pods' image
     * @param replicas  the Deployment's replicas, and the autoscaler's minimum
     * @param maxReplicas the autoscaler's maximum; empty writes no autoscaler
     * @param cpuUtilization the CPU utilization the autoscaler aims at, in percent of the request
     * @param workingDirectory the runtime's directory in the image
     * @param secrets   the placeholders taken from the Secret {@code <name>-secrets}
     */
    record Options(String name, String image, int replicas, Optional<Integer> maxReplicas, int cpuUtilization,
            String workingDirectory, List<String> secrets) {
        Options {
            secrets = List.copyOf(secrets);
        }
    }

    private KubernetesManifests() {
    }

    /** The manifests, by file name, in the order {@code kustomization.yaml} lists them. */
    static Map<String, ObjectNode> of(RuntimeConfig config, ContainerConfiguration container, Options options) {
        Map<String, ObjectNode> files = new LinkedHashMap<>();
        String configuration = container.json();
        files.put("configmap.yaml", configMap(options, configuration));
        files.put("deployment.yaml", deployment(config, options, configuration));
        files.put("service.yaml", service(options));
        files.put("poddisruptionbudget.yaml", disruptionBudget(options));
        options.maxReplicas().ifPresent(max -> files.put("horizontalpodautoscaler.yaml", autoscaler(options, max)));
        ObjectNode kustomization = object("apiVersion", "kustomize.config.k8s.io/v1beta1", "kind", "Kustomization");
        ArrayNode resources = kustomization.putArray("resources");
        files.keySet().forEach(resources::add);
        files.put("kustomization.yaml", kustomization);
        return files;
    }

    private static ObjectNode configMap(Options options, String configuration) {
        ObjectNode map = header("v1", "ConfigMap", options.name() + "-config", options);
        map.putObject("data").put("rt.json", configuration);
        return map;
    }

    private static ObjectNode deployment(RuntimeConfig config, Options options, String configuration) {
        ObjectNode deployment = header("apps/v1", "Deployment", options.name(), options);
        ObjectNode spec = deployment.putObject("spec");
        spec.put("replicas", options.replicas());
        spec.putObject("selector").set("matchLabels", selector(options));
        ObjectNode rolling = spec.putObject("strategy").put("type", "RollingUpdate").putObject("rollingUpdate");
        rolling.put("maxUnavailable", 0).put("maxSurge", 1);
        ObjectNode template = spec.putObject("template");
        ObjectNode metadata = template.putObject("metadata");
        metadata.set("labels", selector(options));
        ObjectNode annotations = metadata.putObject("annotations");
        annotations.put("rt.dev/configuration-sha256", sha256(configuration));
        MetricsConfig metrics = config.sections().metrics();
        int metricsPort = metrics.startsServer() ? metrics.port() : MetricsConfig.DEFAULT_PORT;
        if (!metrics.startsServer() || metrics.enabled()) {
            annotations.put("prometheus.io/scrape", "true").put("prometheus.io/port", String.valueOf(metricsPort))
                    .put("prometheus.io/path", metrics.startsServer() ? metrics.endpoint() : MetricsConfig.DEFAULT_ENDPOINT);
        }
        ObjectNode pod = template.putObject("spec");
        long drain = config.gracefulShutdown().drain().isZero() ? ContainerConfiguration.KUBERNETES_DRAIN_MILLIS
                : config.gracefulShutdown().drain().toMillis();
        pod.put("terminationGracePeriodSeconds",
                (drain + config.gracefulShutdown().runtime().toMillis() + 999) / 1000 + GRACE_MARGIN_SECONDS);
        pod.putObject("securityContext").put("runAsNonRoot", true);
        ObjectNode container = pod.putArray("containers").addObject();
        container.put("name", "rt").put("image", options.image());
        // the ConfigMap's directory, copied over the image's rt.json at start: a file mounted on its own (subPath) is
        // what Kubernetes does but podman kube play cannot, and the configuration must sit in the runtime's directory,
        // whose relative paths it holds
        String file = options.workingDirectory() + "/rt.json";
        container.putArray("command").add("/bin/sh").add("-c").add("cp " + CONFIG_MOUNT + "/rt.json " + file
                + " && exec /opt/rt/bin/rt start -c " + file);
        ArrayNode ports = container.putArray("ports");
        ports.addObject().put("name", "http").put("containerPort", config.server().port()).put("protocol", "TCP");
        ports.addObject().put("name", "metrics").put("containerPort", metricsPort).put("protocol", "TCP");
        if (!options.secrets().isEmpty()) {
            ArrayNode env = container.putArray("env");
            for (String secret : options.secrets()) {
                env.addObject().put("name", secret).putObject("valueFrom").putObject("secretKeyRef")
                        .put("name", options.name() + "-secrets").put("key", secret);
            }
        }
        String ready = metrics.startsServer() && metrics.readiness().enabled() ? metrics.readiness().endpoint() : "/ready";
        String live = metrics.startsServer() && metrics.liveness().enabled() ? metrics.liveness().endpoint() : "/status";
        container.set("readinessProbe", probe(ready, metricsPort, READINESS_PERIOD_SECONDS, 1));
        container.set("livenessProbe", probe(live, metricsPort, 10, 3));
        PodResources resources = PodResources.of(config);
        ObjectNode requests = NODES.objectNode().put("memory", resources.memory()).put("cpu", resources.cpu());
        ObjectNode limits = NODES.objectNode().put("memory", resources.memory());
        container.putObject("resources").setAll(Map.of("requests", requests, "limits", limits));
        container.putObject("securityContext").put("allowPrivilegeEscalation", false);
        container.putArray("volumeMounts").addObject().put("name", "configuration").put("mountPath", CONFIG_MOUNT)
                .put("readOnly", true);
        pod.putArray("volumes").addObject().put("name", "configuration").putObject("configMap")
                .put("name", options.name() + "-config");
        return deployment;
    }

    private static ObjectNode probe(String path, int port, int periodSeconds, int failureThreshold) {
        ObjectNode probe = NODES.objectNode();
        probe.putObject("httpGet").put("path", path).put("port", port);
        return probe.put("periodSeconds", periodSeconds).put("timeoutSeconds", 2)
                .put("failureThreshold", failureThreshold);
    }

    private static ObjectNode service(Options options) {
        ObjectNode service = header("v1", "Service", options.name(), options);
        ObjectNode spec = service.putObject("spec").put("type", "ClusterIP");
        spec.set("selector", selector(options));
        spec.putArray("ports").addObject().put("name", "http").put("port", 80).put("targetPort", "http")
                .put("protocol", "TCP");
        return service;
    }

    private static ObjectNode disruptionBudget(Options options) {
        ObjectNode budget = header("policy/v1", "PodDisruptionBudget", options.name(), options);
        ObjectNode spec = budget.putObject("spec").put("maxUnavailable", 1);
        spec.putObject("selector").set("matchLabels", selector(options));
        return budget;
    }

    private static ObjectNode autoscaler(Options options, int max) {
        ObjectNode autoscaler = header("autoscaling/v2", "HorizontalPodAutoscaler", options.name(), options);
        ObjectNode spec = autoscaler.putObject("spec");
        spec.putObject("scaleTargetRef").put("apiVersion", "apps/v1").put("kind", "Deployment").put("name", options.name());
        spec.put("minReplicas", options.replicas()).put("maxReplicas", max);
        spec.putArray("metrics").addObject().put("type", "Resource").putObject("resource").put("name", "cpu")
                .putObject("target").put("type", "Utilization").put("averageUtilization", options.cpuUtilization());
        return autoscaler;
    }

    private static ObjectNode header(String apiVersion, String kind, String name, Options options) {
        ObjectNode object = object("apiVersion", apiVersion, "kind", kind);
        ObjectNode metadata = object.putObject("metadata").put("name", name);
        metadata.putObject("labels").put("app.kubernetes.io/name", options.name())
                .put("app.kubernetes.io/managed-by", "rt");
        return object;
    }

    private static ObjectNode selector(Options options) {
        return NODES.objectNode().put("app.kubernetes.io/name", options.name());
    }

    private static ObjectNode object(String... keysAndValues) {
        ObjectNode object = NODES.objectNode();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            object.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return object;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
