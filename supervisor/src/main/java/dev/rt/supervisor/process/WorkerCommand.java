package dev.rt.supervisor.process;

import dev.rt.protocol.Protocol;
import dev.rt.config.read.ByteSize;
import dev.rt.config.HealthConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.env.WorkerPlaceholders;
import dev.rt.kind.WorkerContext;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The command line and environment of one worker JVM:
 * {@code java <rt options> <debugger> <telemetry agent> <preload agents> <kind options> <nodeOptions> -cp <agent jar>:<kind jars>:<classpath> dev.rt.agent.WorkerMain},
 * run in the service directory. rt's options bound the heap with {@code health.maxHeapTotal} ({@code -Xmx})
 * and {@code health.maxYoungGeneration} ({@code -Xmn}); the kind's options ({@link KindJvmOptions}) and then
 * {@code nodeOptions} (or {@code jvmOptions}) come after them, so a user's own {@code -Xmx} wins. In the service's
 * JVM options, {@code env} and {@code arguments}, {@code {PORT}}, {@code {RT_WORKER_ID}} and {@code {RT_SERVICE_ID}}
 * take this worker's values ({@link WorkerPlaceholders}). The real environment beats the variables
 * from configuration, except for {@code PORT} and {@code HOST} ({@link LoopbackConventions}): {@code HOST} is
 * {@code 127.0.0.1} unless the service's {@code env} sets it.
 *
 * @param java        the {@code java} executable (the supervisor's own by default)
 * @param agentJar    the worker agent jar
 * @param agentSocket the supervisor's agent socket
 * @param root        the runtime's root directory ({@code RT_ROOT})
 * @param telemetry   the OpenTelemetry Java agent of traced services, right after the debugger
 * @param publicSockets by service id, the handout socket its workers fetch the public socket from
 *                    ({@code RT_PUBLIC_SOCKET}, {@code server.entrypointMode: "direct"}); no other worker sees one
 */
public record WorkerCommand(Path java, Path agentJar, Path agentSocket, Path root, TelemetryAgent telemetry,
        Map<String, Path> publicSockets) {
    static final String MAIN_CLASS = "dev.rt.agent.WorkerMain";
    static final String INITIAL_HEAP = "-Xms16m";
    static final String JAVA_AGENT = "-javaagent:";
    /** systemd's variables for the supervisor (sd_notify(3)), never passed on to a worker. */
    static final List<String> SYSTEMD_ONLY = List.of("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID");

    public WorkerCommand {
        publicSockets = Map.copyOf(publicSockets);
    }

    /** A command with no service traced. */
    public WorkerCommand(Path java, Path agentJar, Path agentSocket, Path root) {
        this(java, agentJar, agentSocket, root, TelemetryAgent.NONE);
    }

    /** A command whose workers serve on 127.0.0.1 only. */
    public WorkerCommand(Path java, Path agentJar, Path agentSocket, Path root, TelemetryAgent telemetry) {
        this(java, agentJar, agentSocket, root, telemetry, Map.of());
    }

    /** This command, with the workers of {@code serviceId} fetching the public socket from {@code handout}. */
    public WorkerCommand withPublicSocket(String serviceId, Path handout) {
        return new WorkerCommand(java, agentJar, agentSocket, root, telemetry, Map.of(serviceId, handout));
    }

    public static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * @param debugOptions the JDWP option when the runtime runs under {@code --inspect}, else empty
     * @param development  {@code --dev}: the worker sees {@code RT_ENVIRONMENT=development}, {@code RT_DEV=true}
     */
    public ProcessBuilder processFor(ServiceConfig service, int workerIndex, int port, Map<String, String> realEnv,
            List<String> debugOptions, boolean development) {
        return processFor(service, workerIndex, port, realEnv, List.of(), debugOptions, development);
    }

    /**
     * @param sharingOptions the class-data sharing options ({@link WorkerArchives#jvmOptions}), first of all
     * @param debugOptions   the JDWP option when the runtime runs under {@code --inspect}, else empty
     * @param development    {@code --dev}: the worker sees {@code RT_ENVIRONMENT=development}, {@code RT_DEV=true}
     * @throws dev.rt.config.error.RtException {@code RT_WORKER_SPAWN_FAILED} when the service's kind refuses its
     *                                   configuration
     */
    public ProcessBuilder processFor(ServiceConfig service, int workerIndex, int port, Map<String, String> realEnv,
            List<String> sharingOptions, List<String> debugOptions, boolean development) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        HealthConfig health = service.health();
        command.add("-Xmx" + ByteSize.jvm(health.maxHeapTotal()));
        health.maxYoungGeneration().ifPresent(young -> command.add("-Xmn" + ByteSize.jvm(young)));
        if (health.maxHeapTotal() >= 16L << 20) {
            command.add(INITIAL_HEAP);
        }
        command.add("-XX:+ExitOnOutOfMemoryError");
        // The JDK HttpServer (which hosts build handlers) otherwise leaves Nagle on: 40 ms per small response.
        command.add("-Dsun.net.httpserver.nodelay=true");
        command.add("-Dserver.port=" + port);
        command.addAll(LoopbackConventions.SYSTEM_PROPERTIES);
        command.addAll(debugOptions);
        command.addAll(telemetry.jvmOptions(service));
        service.preload().forEach(jar -> command.add("-javaagent:" + jar));
        command.addAll(KindJvmOptions.of(service));
        Map<String, String> placeholders = WorkerPlaceholders.values(port, workerIndex, service.id());
        command.addAll(WorkerPlaceholders.resolve(service.jvmOptions(), placeholders));
        command.add("-cp");
        command.add(Stream.concat(Stream.of(agentJar), service.application().workerClassPath().stream())
                .map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        command.add(MAIN_CLASS);

        ProcessBuilder builder = new ProcessBuilder(command).directory(service.directory().toFile());
        Map<String, String> env = builder.environment();
        SYSTEMD_ONLY.forEach(env::remove); // meant for the supervisor; a worker that used them would confuse systemd
        service.env().forEach((key, value) -> {
            if (!realEnv.containsKey(key)) {
                env.put(key, WorkerPlaceholders.resolve(value, placeholders));
            }
        });
        env.put(Protocol.ENV_AGENT_SOCKET, agentSocket.toString());
        env.put(Protocol.ENV_SERVICE_ID, service.id());
        env.put(Protocol.ENV_WORKER_ID, Integer.toString(workerIndex));
        env.put(Protocol.ENV_ROOT, root.toString());
        env.put(Protocol.ENV_PORT, Integer.toString(port));
        env.remove(WorkerContext.PUBLIC_SOCKET_VARIABLE); // only rt gives it, and only to the entrypoint's workers
        Optional.ofNullable(publicSockets.get(service.id()))
                .ifPresent(handout -> env.put(WorkerContext.PUBLIC_SOCKET_VARIABLE, handout.toString()));
        env.put(LoopbackConventions.HOST, WorkerPlaceholders.resolve(
                service.env().getOrDefault(LoopbackConventions.HOST, LoopbackConventions.LOOPBACK), placeholders));
        env.putIfAbsent("RT_ENVIRONMENT", development ? "development" : "production");
        env.putIfAbsent("RT_DEV", Boolean.toString(development));
        if (!hasJavaAgent(command, env)) {
            command.addAll(1, sharingOptions);
        }
        return builder;
    }

    /**
     * Whether the JVM of {@code command} runs a Java agent: {@code -javaagent} among its options (the telemetry
     * agent, {@code preload}, the service's own) or in {@code JAVA_TOOL_OPTIONS} or {@code JDK_JAVA_OPTIONS}. Such a
     * worker starts without the kind's class-data archive: on JDK 17 an archived class loaded through
     * {@code ClassLoader.findLoadedClass} while the agent's transformer looks at the same class is defined twice
     * (the OpenTelemetry agent and Vert.x: {@code LinkageError: duplicate interface definition for
     * io.netty.util.concurrent.Promise}), and an archive cannot be made with an agent attached either (the JVM
     * refuses, or with {@code -XX:+AllowArchivingWithJavaAgent}, a diagnostic option, crashed).
     */
    static boolean hasJavaAgent(List<String> command, Map<String, String> env) {
        int options = command.indexOf(MAIN_CLASS) < 0 ? command.size() : command.indexOf(MAIN_CLASS);
        return command.subList(0, options).stream().anyMatch(option -> option.startsWith(JAVA_AGENT))
                || WorkerArchives.javaAgentInToolOptions(env);
    }

    /** The arguments of the application's {@code main} in worker {@code workerIndex}, offered {@code port}. */
    public static List<String> arguments(ServiceConfig service, int workerIndex, int port) {
        return WorkerPlaceholders.resolve(service.arguments(),
                WorkerPlaceholders.values(port, workerIndex, service.id()));
    }

    /** A command line as a POSIX shell would read it back: words with special characters in single quotes. */
    public static String display(List<String> words) {
        return words.stream().map(WorkerCommand::quoted).collect(Collectors.joining(" "));
    }

    private static String quoted(String word) {
        return !word.isEmpty() && word.matches("[A-Za-z0-9_@%+=:,./-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
