package dev.rt.supervisor.process;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.ServiceConfig;
import dev.rt.protocol.Protocol;
import dev.rt.supervisor.log.Level;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Spawns the JVM of one worker: a free port for its application, a debugger port under {@code --inspect}, the
 * command line of {@link WorkerCommand} with the class-data archive of {@link WorkerArchives}, the log settings
 * the agent reads, and the process's output pumped into the runtime log. Called on the supervisor loop only: it
 * owns the debugger ports of the live workers.
 */
public final class WorkerLauncher {
    /** How long after a worker's exit its output may still take to reach its end. */
    static final Duration OUTPUT_AFTER_EXIT = Duration.ofSeconds(2);

    private final WorkerCommand command;
    private final WorkerArchives sharing;
    private final Map<String, String> realEnv;
    private final RuntimeLog log;
    private final boolean development;
    private final Debugger debugger;
    private final DebugSlots debugSlots = new DebugSlots();

    /**
     * A worker JVM just spawned, its output already pumped into the log.
     *
     * @param debugSlot the worker's debugger port offset, to give back when it exits, or negative for none
     * @param debugger  how a debugger reaches it ({@code accepts a debugger on 127.0.0.1:9229}), under a debugger
     * @param command   its command line, {@code java} first
     * @param arguments the arguments its application's {@code main} gets, placeholders replaced
     * @param outputEnded completes when both its stdout and stderr reached their end and all they held is in the log
     */
    public record Spawned(Process process, int debugSlot, Optional<String> debugger, List<String> command,
            List<String> arguments, CompletableFuture<Void> outputEnded) {
        public Spawned {
            command = List.copyOf(command);
            arguments = List.copyOf(arguments);
        }

        /**
         * The JVM's exit, once everything it wrote is in the log, so that what the runtime logs about the exit
         * comes after the worker's last lines. A process the worker left behind may hold its output open: then
         * the exit is reported {@link #OUTPUT_AFTER_EXIT} after it happened.
         */
        public CompletableFuture<Process> exit() {
            return process.onExit().thenCompose(exited -> outputEnded.copy()
                    .completeOnTimeout(null, OUTPUT_AFTER_EXIT.toMillis(), TimeUnit.MILLISECONDS)
                    .thenApply(ended -> exited));
        }
    }

    /**
     * @param realEnv     the supervisor's environment, beneath each service's variables
     * @param development {@code --dev}: workers see {@code RT_ENVIRONMENT=development}
     * @param debugger    JDWP for every worker, or {@link Debugger#OFF}
     */
    public WorkerLauncher(WorkerCommand command, WorkerArchives sharing, Map<String, String> realEnv, RuntimeLog log,
            boolean development, Debugger debugger) {
        this.command = command;
        this.sharing = sharing;
        this.realEnv = realEnv;
        this.log = log;
        this.development = development;
        this.debugger = debugger;
    }

    public Debugger debugger() {
        return debugger;
    }

    /**
     * Spawns the JVM of worker {@code index} of the service.
     *
     * @param described the worker as log lines name it ({@code worker 0 of the service "api"})
     * @throws RtException {@code RT_WORKER_SPAWN_FAILED} when the JVM cannot be started
     */
    public Spawned spawn(ServiceConfig service, int index, String described) {
        int port = FreePort.pick();
        int slot = debugger.enabled() ? debugSlots.take(debugger::canListen) : DebugSlots.NONE;
        List<String> debugOptions = debugger.enabled() ? List.of(debugger.jvmOption(debugger.port(slot))) : List.of();
        Process process;
        ProcessBuilder builder;
        try {
            builder = command.processFor(service, index, port, realEnv,
                    sharing.jvmOptions(service.application().kind()), debugOptions, development);
            builder.environment().put(Protocol.ENV_LOG_LEVEL, log.workerLevel());
            builder.environment().put(Protocol.ENV_LOG_MESSAGE_KEY, log.workerMessageKey());
            process = builder.start();
        } catch (IOException e) {
            debugSlots.release(slot);
            throw new RtException(ErrorCode.WORKER_SPAWN_FAILED, "cannot start a JVM for the " + described + ": "
                    + e.getMessage() + " (check the java executable " + command.java() + ")");
        }
        CompletableFuture<Void> outputEnded = CompletableFuture.allOf(
                OutputPump.start(process.getInputStream(), log, service.id(), index, false),
                OutputPump.start(process.getErrorStream(), log, service.id(), index, true));
        List<String> arguments = WorkerCommand.arguments(service, index, port);
        log.log(Level.DEBUG, "The " + described + " (pid " + process.pid() + ") runs "
                + WorkerCommand.display(builder.command()) + (arguments.isEmpty() ? "" : ", its application with the "
                + "arguments " + WorkerCommand.display(arguments)) + ", in " + builder.directory() + ".");
        return new Spawned(process, slot, slot == DebugSlots.NONE ? Optional.empty() : Optional.of(reach(slot)),
                builder.command(), arguments, outputEnded);
    }

    /** The worker with this debugger slot has exited: its debugger port is free again. */
    public void exited(int debugSlot) {
        debugSlots.release(debugSlot);
    }

    private String reach(int slot) {
        int debugPort = debugger.port(slot);
        return (debugger.suspend() ? "waits for a debugger" : "accepts a debugger")
                + (debugPort == 0 ? " on the port its JVM prints" : " on " + debugger.host() + ":" + debugPort);
    }
}
