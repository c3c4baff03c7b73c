package dev.rt.cli.image;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.read.ConfigFiles;
import dev.rt.config.RuntimeConfig;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The runtime configuration as a container needs it, in JSON whatever the file's format, each change said in one
 * line: a container is reached on its own address, so a server that listens on loopback ({@code 127.0.0.1},
 * {@code localhost}, {@code ::1}) listens on every interface ({@code 0.0.0.0}) instead. For Kubernetes
 * ({@link #forKubernetes()}) the probes need a metrics server (added on 0.0.0.0:9090 when there is none) and a stop
 * needs a drain ({@code gracefulShutdown.drain} 5000 ms when not set). Placeholders stay as they are.
 */
public final class ContainerConfiguration {
    /** The drain rt deploy kubernetes sets when the configuration has none: two readiness periods and more. */
    public static final int KUBERNETES_DRAIN_MILLIS = 5000;
    static final String EVERY_INTERFACE = "0.0.0.0";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode tree;
    private final List<String> changes;

    private ContainerConfiguration(ObjectNode tree, List<String> changes) {
        this.tree = tree;
        this.changes = List.copyOf(changes);
    }

    /** {@code config}'s file, its servers on every interface. */
    public static ContainerConfiguration forImage(RuntimeConfig config) {
        JsonNode read = ConfigFiles.read(config.file());
        if (!read.isObject()) {
            throw new IllegalArgumentException(config.file() + ": not an object");
        }
        ObjectNode tree = (ObjectNode) read.deepCopy();
        List<String> changes = new ArrayList<>();
        everyInterface(tree, "server", changes);
        everyInterface(tree, "metrics", changes);
        return new ContainerConfiguration(tree, changes);
    }

    /** This configuration with a metrics server for the probes and a drain. */
    public ContainerConfiguration forKubernetes() {
        ObjectNode copy = tree.deepCopy();
        List<String> more = new ArrayList<>(changes);
        JsonNode metrics = copy.get("metrics");
        if (metrics == null || metrics.isBoolean() && !metrics.asBoolean()) {
            copy.putObject("metrics").put("hostname", EVERY_INTERFACE).put("port", 9090);
            more.add("/metrics: added, on 0.0.0.0:9090 (the readiness and liveness probes ask it)");
        }
        JsonNode graceful = copy.get("gracefulShutdown");
        if (graceful == null || !graceful.has("drain")) {
            (graceful instanceof ObjectNode object ? object : copy.putObject("gracefulShutdown"))
                    .put("drain", KUBERNETES_DRAIN_MILLIS);
            more.add("/gracefulShutdown/drain: " + KUBERNETES_DRAIN_MILLIS + " (a stopping pod fails /ready and serves on"
                    + " while the Service's endpoints drop it)");
        }
        return new ContainerConfiguration(copy, more);
    }

    /** The configuration, as JSON. */
    public String json() {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One line for each change: the JSON pointer, the new value, why. */
    public List<String> changes() {
        return changes;
    }

    private static void everyInterface(ObjectNode tree, String section, List<String> changes) {
        if (tree.get(section) instanceof ObjectNode server && server.get("hostname") != null
                && server.get("hostname").isTextual() && loopback(server.get("hostname").asText())) {
            changes.add("/" + section + "/hostname: \"" + server.get("hostname").asText() + "\" becomes \""
                    + EVERY_INTERFACE + "\" (a container is reached on its own address, not on loopback)");
            server.put("hostname", EVERY_INTERFACE);
        }
    }

    static boolean loopback(String host) {
        String h = host.strip().toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.startsWith("127.") || h.equals("::1") || h.equals("[::1]");
    }
}
