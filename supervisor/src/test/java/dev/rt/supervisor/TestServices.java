package dev.rt.supervisor;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.ApplicationConfig;
import dev.rt.config.HealthConfig;
import dev.rt.config.MeshHostHeader;
import dev.rt.config.RestartPolicy;
import dev.rt.config.WatchConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.ServiceTelemetryConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** {@link ServiceConfig}s built in memory for unit tests: the one place that calls its constructor. */
public final class TestServices {
    private TestServices() {
    }

    public static ServiceConfig service(String id, String... dependencies) {
        return service(id, HealthConfig.DEFAULTS, List.of(), List.of(dependencies));
    }

    /** A {@code java.main} service in {@code /srv/<id>}. */
    public static ServiceConfig service(String id, HealthConfig health, List<String> jvmOptions, List<String> dependencies) {
        return service(id, Path.of("/srv", id), "main", "com.acme.Main", health, jvmOptions, dependencies);
    }

    /** A {@code java.jar} service in {@code directory}. */
    public static ServiceConfig jar(String id, Path directory, String jar, List<String> jvmOptions) {
        return service(id, directory, "jar", jar, HealthConfig.DEFAULTS, jvmOptions, List.of());
    }

    /** {@code service} with {@code env} as the variables from its configuration. */
    public static ServiceConfig withEnv(ServiceConfig s, Map<String, String> env) {
        return new ServiceConfig(s.id(), s.directory(), s.workers(), s.arguments(), env, s.jvmOptions(), s.preload(),
                s.dependencies(), s.restartOnError(), s.health(), s.meshHostHeader(), s.application(), s.spareWorker(),
                s.telemetry());
    }

    /** {@code service} without the preload agent every other service here has. */
    public static ServiceConfig withoutPreload(ServiceConfig s) {
        return new ServiceConfig(s.id(), s.directory(), s.workers(), s.arguments(), s.env(), s.jvmOptions(), List.of(),
                s.dependencies(), s.restartOnError(), s.health(), s.meshHostHeader(), s.application(), s.spareWorker(),
                s.telemetry());
    }

    private static ServiceConfig service(String id, Path directory, String entry, String target, HealthConfig health,
            List<String> jvmOptions, List<String> dependencies) {
        ObjectNode configuration = JsonNodeFactory.instance.objectNode();
        configuration.putObject("java").put(entry, target);
        return new ServiceConfig(id, directory, 1, List.of(), Map.of("FROM_CONFIG", "config"), jvmOptions,
                List.of(directory.resolve("agent.jar")), dependencies, RestartPolicy.of(RestartPolicy.DEFAULT_DELAY_MILLIS),
                health, MeshHostHeader.WORKER, new ApplicationConfig(directory.resolve("rt.json"), "java", configuration,
                        List.of(directory.resolve("rt-kind-java.jar")), List.of(directory.resolve("app.jar")),
                        WatchConfig.DEFAULTS), false, ServiceTelemetryConfig.DEFAULTS);
    }
}
