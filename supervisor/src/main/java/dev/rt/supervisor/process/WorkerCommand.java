package dev.rt.supervisor.process;

import dev.rt.protocol.Protocol;
import dev.rt.supervisor.config.ServiceConfig;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The command line and environment of one worker JVM:
 * {@code java <rt options> <preload agents> <nodeOptions> -cp <agent jar>:<classpath> dev.rt.agent.WorkerMain},
 * run in the service directory. The real environment beats the variables from configuration.
 *
 * @param java        the {@code java} executable (the supervisor's own by default)
 * @param agentJar    the worker agent jar
 * @param agentSocket the supervisor's agent socket
 * @param root        the runtime's root directory ({@code RT_ROOT})
 */
public record WorkerCommand(Path java, Path agentJar, Path agentSocket, Path root) {
    static final String MAIN_CLASS = "dev.rt.agent.WorkerMain";
    static final String DEFAULT_MAX_HEAP = "4g";

    public static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    public ProcessBuilder processFor(ServiceConfig service, int workerIndex, int port, Map<String, String> realEnv) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("-Xmx" + DEFAULT_MAX_HEAP);
        command.add("-Xms16m");
        command.add("-XX:+ExitOnOutOfMemoryError");
        // The JDK HttpServer (which hosts build handlers) otherwise leaves Nagle on: 40 ms per small response.
        command.add("-Dsun.net.httpserver.nodelay=true");
        command.add("-Dserver.port=" + port);
        service.preload().forEach(jar -> command.add("-javaagent:" + jar));
        command.addAll(service.jvmOptions());
        command.add("-cp");
        command.add(Stream.concat(Stream.of(agentJar), service.application().classpath().stream())
                .map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        command.add(MAIN_CLASS);

        ProcessBuilder builder = new ProcessBuilder(command).directory(service.directory().toFile());
        Map<String, String> env = builder.environment();
        service.env().forEach((key, value) -> {
            if (!realEnv.containsKey(key)) {
                env.put(key, value);
            }
        });
        env.put(Protocol.ENV_AGENT_SOCKET, agentSocket.toString());
        env.put(Protocol.ENV_SERVICE_ID, service.id());
        env.put(Protocol.ENV_WORKER_ID, Integer.toString(workerIndex));
        env.put(Protocol.ENV_ROOT, root.toString());
        env.put(Protocol.ENV_PORT, Integer.toString(port));
        env.putIfAbsent("RT_ENVIRONMENT", "production");
        return builder;
    }
}
