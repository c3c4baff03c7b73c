package dev.rt.config;

import dev.rt.kind.mesh.MeshHost;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One service of the runtime, resolved: its directory, its own application configuration, how many workers
 * it runs and what each worker JVM receives.
 *
 * @param workers    how many worker JVMs it runs; 0 for a service whose kind runs none for its configuration (a
 *                   gateway that only routes)
 * @param env        variables for the worker from configuration (runtime .env, runtime env, envfile, env);
 *                   the real environment still wins over these when the worker starts
 * @param jvmOptions extra JVM options ({@code nodeOptions}), appended after rt's own
 * @param preload    jars loaded first as {@code -javaagent}: the runtime's {@code preload}, then the service's
 * @param dependencies ids of the services this one needs started first ({@code dependencies})
 * @param restartOnError this service's restart policy (its own {@code restartOnError}, else the runtime's)
 * @param health     the runtime's {@code health} overridden by the service's
 * @param meshHostHeader the {@code Host} its workers receive through the mesh ({@code meshHostHeader})
 * @param spareWorker whether a spare JVM waits to take over from a worker that dies ({@code spareWorker}: the
 *                    service's own, else the runtime's for this service)
 * @param telemetry  whether it is traced, and with which instrumentations (its entry's {@code telemetry})
 */
public record ServiceConfig(
        String id,
        Path directory,
        int workers,
        List<String> arguments,
        Map<String, String> env,
        List<String> jvmOptions,
        List<Path> preload,
        List<String> dependencies,
        RestartPolicy restartOnError,
        HealthConfig health,
        MeshHostHeader meshHostHeader,
        ApplicationConfig application,
        boolean spareWorker,
        ServiceTelemetryConfig telemetry) {

    public ServiceConfig {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(application, "application");
        if (workers < 0) {
            throw new IllegalArgumentException("workers must not be negative: " + workers);
        }
        arguments = List.copyOf(arguments);
        env = Map.copyOf(env);
        jvmOptions = List.copyOf(jvmOptions);
        preload = List.copyOf(preload);
        dependencies = List.copyOf(dependencies);
        Objects.requireNonNull(restartOnError, "restartOnError");
        Objects.requireNonNull(health, "health");
        Objects.requireNonNull(meshHostHeader, "meshHostHeader");
        Objects.requireNonNull(telemetry, "telemetry");
    }

    /** Whether it runs worker JVMs at all. */
    public boolean runsWorkers() {
        return workers > 0;
    }

    /** A service without a spare worker, traced as the runtime says. */
    public ServiceConfig(String id, Path directory, int workers, List<String> arguments, Map<String, String> env,
            List<String> jvmOptions, List<Path> preload, List<String> dependencies, RestartPolicy restartOnError,
            HealthConfig health, MeshHostHeader meshHostHeader, ApplicationConfig application) {
        this(id, directory, workers, arguments, env, jvmOptions, preload, dependencies, restartOnError, health,
                meshHostHeader, application, false, ServiceTelemetryConfig.DEFAULTS);
    }

    public String meshUrl() {
        return MeshHost.url(id);
    }
}
