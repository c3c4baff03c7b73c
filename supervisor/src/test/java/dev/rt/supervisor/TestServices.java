package dev.rt.supervisor;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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

    public static ServiceConfig service(String id, HealthConfig health, List<String> jvmOptions, List<String> dependencies) {
        Path directory = Path.of("/srv", id);
        return new ServiceConfig(id, directory, 1, List.of(), Map.of("FROM_CONFIG", "config"), jvmOptions,
                List.of(directory.resolve("agent.jar")), dependencies, RestartPolicy.of(RestartPolicy.DEFAULT_DELAY_MILLIS),
                health, MeshHostHeader.WORKER, new ApplicationConfig(directory.resolve("rt.json"), "java",
                        JsonNodeFactory.instance.objectNode(), List.of(directory.resolve("rt-kind-java.jar")),
                        List.of(directory.resolve("app.jar")), WatchConfig.DEFAULTS), ServiceTelemetryConfig.DEFAULTS);
    }
}
