package dev.rt.kind.service;

import dev.rt.kind.service.auth.AuthorizationSchema;

import dev.rt.kind.Kind;
import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code service} kind: plugin-based HTTP services. Its configuration names plugins ({@code plugins.paths},
 * {@code plugins.packages}), server settings ({@code server}), OpenAPI and GraphQL ({@code service}) and clients of
 * other services ({@code clients}). This class stays free of Vert.x: the supervisor and the CLI load it to read its
 * schema and check configurations; {@link #start} hands over to {@link ServiceHost} in the worker.
 */
public final class ServiceKind implements Kind {
    static final String NAME = "service";
    /** The file name the schemas of the kinds built on this one give its schema in their {@code $ref}s. */
    public static final String SCHEMA_FILE = "service.json";

    /** Its workers serve the public socket themselves when the entrypoint is direct ({@code PublicSocket}). */
    @Override
    public boolean acceptsPublicSocket(Map<String, Object> configuration) {
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String configSchema() {
        return AuthorizationSchema.with(resource("schema.json"));
    }

    /**
     * The definitions every kind running on this kind's server shares ({@code applicationServer}, {@code plugins},
     * {@code serviceWatch}...), for such a kind's {@link Kind#configSchemaDocuments()}: this kind's schema, under
     * {@link #SCHEMA_FILE}.
     */
    public static Map<String, String> sharedSchema() {
        return Map.of(SCHEMA_FILE, resource("schema.json"));
    }

    /** Refuses the settings that have no meaning on the JVM; CORS patterns and trusted proxies must parse. */
    @Override
    public void check(Map<String, Object> configuration, Path serviceDirectory) {
        ServiceHost.check(configuration);
    }

    /** The plugin jars and class directories, then the error handler's; every plugin class named must exist. */
    @Override
    public List<Path> classPath(Map<String, Object> configuration, Path serviceDirectory) {
        return ServiceHost.classPath(configuration, serviceDirectory);
    }

    /** A service with one plugin of this jar: trains what every worker of this kind loads to serve. */
    /**
     * The serial collector, and Netty's flight-recorder events off. A worker's live heap is small and G1 costs it
     * memory of its own (its regions and remembered sets, and a heap it grows towards {@code health.maxHeapTotal}
     * under load); Netty's check for the flight recorder loads and starts part of it in every worker. The service's
     * own {@code jvmOptions} come after these: a collector they name replaces this one.
     */
    public static final List<String> JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Dio.netty.jfr.enabled=false");

    @Override
    public List<String> jvmOptions(Map<String, Object> configuration, Path serviceDirectory) {
        return JVM_OPTIONS;
    }

    @Override
    public Optional<String> trainingConfiguration() {
        return Optional.of("{\"service\": {\"openapi\": true}, \"server\": {\"disableRequestLogging\": true},"
                + " \"plugins\": {\"packages\": [\"" + TrainingPlugin.class.getName() + "\"]}}");
    }

    /**
     * A Maven project with a sample plugin ({@code GET /hello}) read from {@code target/classes}, and a test that
     * starts the service in the test JVM and calls it.
     */
    @Override
    public Optional<ProjectTemplate> projectTemplate() {
        return Optional.of(ProjectTemplate.fromResources(ServiceKind.class, "create", "api", List.of()));
    }

    @Override
    public RunningApplication start(WorkerContext context) {
        return ServiceHost.configure(context).start();
    }

    static String resource(String name) {
        try (InputStream in = ServiceKind.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the service kind's " + name + " is missing from its jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the service kind's " + name, e);
        }
    }
}
