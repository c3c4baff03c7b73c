package dev.rt.kind;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An application kind. Implementations need a public no-argument constructor and are listed in
 * {@code META-INF/services/dev.rt.kind.Kind}.
 *
 * <p>Every method but {@link #start} runs in the supervisor or the CLI, often for a configuration that is never
 * started: keep the implementing class free of the kind's framework and let {@code start} hand over to a class
 * that uses it, so that only a worker loads the framework.
 *
 * <p>{@code configuration} arguments are the service's own configuration file, already validated against
 * {@link #configSchema()} with its defaults applied, as JSON values of JDK types: {@code Map<String, Object>}
 * objects (in document order), {@code List<Object>} arrays, {@code String}, {@code Boolean}, {@code Long} or
 * {@code Double} numbers ({@code BigInteger}, {@code BigDecimal} beyond those), and {@code null}.
 */
public interface Kind {

    /**
     * The kind's name: the top-level key of a service configuration of this kind, and the path segment of its
     * {@code $schema} URL ({@code https://schemas.rt.dev/<name>/<version>.json}). Lower-case letters and digits.
     */
    String name();

    /**
     * The JSON Schema (draft 2020-12) of a service configuration file of this kind, as JSON text: the one home of its
     * settings, their types, {@code default}s and {@code description}s (rt's settings reference is generated from it).
     * It may refer to rt's shared definitions as {@code "common.json#/$defs/<name>"} (the runtime's) and to those of
     * the documents {@link #configSchemaDocuments()} names; rt bundles every definition it reaches into one document
     * before validating and before {@code rt schema config <kind>} prints it.
     */
    String configSchema();

    /**
     * The schema documents {@link #configSchema()} refers to besides rt's own, as JSON text by the file name its
     * {@code $ref}s give them: a kind built on another kind's settings (a {@code db} service has a {@code service}'s
     * {@code server} and {@code plugins}) refers to that kind's definitions as {@code "service.json#/$defs/server"} and
     * returns that kind's schema here under {@code "service.json"}. A document here may refer to the others and to
     * {@code common.json} the same way. None by default.
     */
    default Map<String, String> configSchemaDocuments() {
        return Map.of();
    }

    /**
     * Checks what the schema cannot say about a configuration of this kind, before any worker starts: settings that
     * must agree, values that must compile, settings the kind refuses with what to do instead, files the
     * configuration names and reads as configuration. rt calls it wherever it reads a service's configuration
     * ({@code rt start} and {@code rt start --check}, the kinds' commands, {@code rt client}...), whether or not it
     * asks for the {@link #classPath}: keep it free of what a build makes (jars, classes). Nothing by default.
     *
     * @throws KindException at the first problem, naming the setting with its JSON pointer
     */
    default void check(Map<String, Object> configuration, Path serviceDirectory) {
    }

    /**
     * Services this one needs started before it without naming them in {@code dependencies}: those it calls
     * ({@code clients}), those a gateway composes. None by default.
     */
    default List<String> dependencies(Map<String, Object> configuration) {
        return List.of();
    }

    /**
     * The service's own class path entries that its workers need after the kind's jars, in order: absolute
     * paths, globs expanded. Asked after {@link #check}, only where workers may start (a command that builds the
     * service does not ask). None by default.
     *
     * @throws KindException when an entry does not exist, naming it with its JSON pointer
     */
    default List<Path> classPath(Map<String, Object> configuration, Path serviceDirectory) {
        return List.of();
    }

    /**
     * Settings of {@code configuration} accepted with less effect than they seem to have: each a JSON pointer and a
     * sentence saying what happens instead. rt warns about each once when the runtime starts (naming the file), and
     * {@code rt start --check} prints them. None by default.
     */
    default List<Map.Entry<String, String>> warnings(Map<String, Object> configuration) {
        return List.of();
    }

    /**
     * Whether a service of this configuration runs workers. A kind whose service only routes (its
     * {@link #entrypointRouter} does everything) runs none; every service runs some by default.
     */
    default boolean runsWorkers(Map<String, Object> configuration) {
        return true;
    }

    /**
     * What routes the public requests when a service of this configuration is the entrypoint: the supervisor
     * {@linkplain EntrypointRouter#start starts} it once the other services have started and applies the tables it
     * publishes, before the service's own workers get what no rule takes. Empty, the default, for a kind whose
     * workers take every request.
     */
    default Optional<EntrypointRouter> entrypointRouter(Map<String, Object> configuration) {
        return Optional.empty();
    }

    /**
     * Whether the workers of this configuration, as the entrypoint, can accept connections on the runtime's public
     * socket themselves ({@code server.entrypointMode: "direct"}): they then fetch its descriptor from
     * {@link WorkerContext#publicSocket()} and serve plain HTTP/1.1 on it, beside their own 127.0.0.1 port. False by
     * default: the supervisor's proxy serves the public port.
     */
    default boolean acceptsPublicSocket(Map<String, Object> configuration) {
        return false;
    }

    /**
     * Whether this kind's workers record a span of each traced request themselves (rt's light spans), as a kind
     * that routes its own requests can. When not, for an application the kind only wraps, a traced service's
     * workers get the OpenTelemetry Java agent unless its entry says {@code "telemetry": {"javaagent": false}}.
     * True by default.
     */
    default boolean recordsRequestSpans(Map<String, Object> configuration) {
        return true;
    }

    /**
     * Options the JVM of each worker of this configuration needs on its command line, because they must hold before
     * any of the application's classes load ({@code --add-opens}, {@code --add-exports},
     * {@code --enable-native-access}, {@code -D...}): the supervisor asks each time it starts a worker and puts them
     * after rt's own options and before the service's own JVM options, which may override them. The supervisor and
     * its workers run the same {@code java}, so the kind may judge what that JVM accepts by
     * {@link Runtime#version()} and {@link ModuleLayer#boot()}. None by default.
     *
     * @throws KindException when the configuration cannot run, naming what is wrong with its JSON pointer
     */
    default List<String> jvmOptions(Map<String, Object> configuration, Path serviceDirectory) {
        return List.of();
    }

    /**
     * The kind's own commands, which the CLI offers as {@code rt <name> <command>} beside {@code schema config}:
     * each a picocli {@code @Command} object (or a {@code picocli.CommandLine}). The kind compiles against picocli
     * as a provided dependency: the CLI loads the kind's jars in a class loader that sees its own picocli. Called
     * only in the CLI, when {@code rt <name>} or the full help is asked for. None by default.
     */
    default List<Object> commands() {
        return List.of();
    }

    /**
     * A configuration of this kind (JSON text) whose application starts from the kind's own jars alone and answers
     * {@code GET /}, whatever its status. rt starts it once, in a training worker, to record a class-data sharing
     * archive of what a worker of this kind loads; its later workers map that archive instead of loading the same
     * classes, and are ready about a third sooner. Empty, the default, when the kind offers none.
     */
    default Optional<String> trainingConfiguration() {
        return Optional.empty();
    }

    /**
     * The project {@code rt create} and {@code rt <name> create} write for a new application of this kind: a
     * buildable project with its configuration file, a sample and a test. Called only in the CLI. Empty, the default,
     * when the kind offers none.
     */
    default Optional<ProjectTemplate> projectTemplate() {
        return Optional.empty();
    }

    /**
     * Starts the application in this worker and returns once it serves HTTP on 127.0.0.1, which is the moment
     * the worker reports ready. Called once per worker JVM, on the agent's thread.
     *
     * @throws KindException when it cannot start; its message reaches the runtime's log and the user
     */
    RunningApplication start(WorkerContext context);
}
