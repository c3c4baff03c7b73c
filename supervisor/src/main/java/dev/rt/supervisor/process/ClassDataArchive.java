package dev.rt.supervisor.process;

import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A class-data sharing archive (AppCDS, a JDK 17 dynamic archive) of the worker agent's classes, so that a
 * worker JVM maps the agent, its relocated Jackson and the JDK's HTTP server and client instead of loading
 * and verifying them: a worker is ready about a third sooner. It sits next to the agent jar, named after the
 * jar (path, size, time) and the JVM (home, version), so a new build or another JDK gets its own.
 *
 * <p>A missing archive is made once, in the background after the runtime has started, by a training JVM
 * ({@code dev.rt.agent.ClassDataTraining}); workers started after it is there use it. The archive was made
 * with the agent jar alone on the class path, so it serves every worker, whose class path starts with that
 * jar. {@code RT_CLASS_DATA_SHARING=false} turns it off.
 */
public final class ClassDataArchive implements AutoCloseable {
    static final String TRAINING_CLASS = "dev.rt.agent.ClassDataTraining";
    static final String DISABLE_VARIABLE = "RT_CLASS_DATA_SHARING";

    private final Path java;
    private final Path agentJar;
    private final Path archive;
    private final boolean enabled;
    private volatile Process training;

    private ClassDataArchive(Path java, Path agentJar, Path archive, boolean enabled) {
        this.java = java;
        this.agentJar = agentJar;
        this.archive = archive;
        this.enabled = enabled;
    }

    public static ClassDataArchive forAgent(Path java, Path agentJar, Map<String, String> realEnv) {
        boolean enabled = !"false".equalsIgnoreCase(realEnv.getOrDefault(DISABLE_VARIABLE, "true"));
        return new ClassDataArchive(java, agentJar, agentJar.resolveSibling(name(java, agentJar)), enabled);
    }

    static String name(Path java, Path agentJar) {
        long size;
        long modified;
        try {
            size = Files.size(agentJar);
            modified = Files.getLastModifiedTime(agentJar).toMillis();
        } catch (IOException e) {
            size = -1;
            modified = -1;
        }
        int key = Objects.hash(agentJar.toAbsolutePath().toString(), size, modified, java.toAbsolutePath().toString(),
                System.getProperty("java.vm.version"));
        return "rt-worker-agent-" + Integer.toHexString(key) + ".jsa";
    }

    public Path path() {
        return archive;
    }

    /** The options that make a worker JVM use the archive, when there is one; none otherwise. */
    public List<String> jvmOptions() {
        if (!enabled || !Files.isRegularFile(archive)) {
            return List.of();
        }
        // An archive the JVM cannot use is skipped with a warning on stdout; the worker's log is no place for it.
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    }

    /** Makes the archive in the background when it is missing; a failure is logged once and changes nothing else. */
    public void createInBackground(RuntimeLog log) {
        if (!enabled || Files.isRegularFile(archive)) {
            return;
        }
        Path partial = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        try {
            training = new ProcessBuilder(java.toString(), "-XX:ArchiveClassesAtExit=" + partial, "-Xlog:cds=off",
                    "-Xlog:cds+dynamic=off", "-cp", agentJar.toString(), TRAINING_CLASS)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            log.warn("Could not make the class-data sharing archive for workers: " + e.getMessage());
            return;
        }
        training.onExit().thenAccept(process -> {
            try {
                if (process.exitValue() == 0 && Files.isRegularFile(partial)) {
                    Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    log.info("Workers started from now on use the class-data sharing archive " + archive + ".");
                } else {
                    log.warn("Could not make the class-data sharing archive for workers: the training JVM exited with"
                            + " code " + process.exitValue() + " (workers start without it)");
                }
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                log.warn("Could not keep the class-data sharing archive " + archive + ": " + e.getMessage());
            }
        });
    }

    /** Ends a training JVM still running. */
    @Override
    public void close() {
        Process running = training;
        if (running != null && running.isAlive()) {
            running.destroyForcibly();
        }
    }
}
