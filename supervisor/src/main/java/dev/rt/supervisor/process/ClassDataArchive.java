package dev.rt.supervisor.process;

import dev.rt.supervisor.log.RuntimeLog;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A class-data sharing archive (AppCDS, a JDK 17 dynamic archive) of what a worker of one kind loads, so that its
 * workers map the agent, its relocated Jackson, the kind and the JDK classes they use instead of loading and
 * verifying them: a worker is ready about a third sooner. It lives in the user's cache directory, named after the
 * kind, the class path it was made with (paths, sizes, times) and the JVM (home, version), so a new build or another
 * JDK gets its own.
 *
 * <p>A missing archive is made once, in the background after the runtime has started, by a training JVM
 * ({@code dev.rt.agent.ClassDataTraining <kind>}) with the agent and the kind's jars alone on its class path;
 * workers started after it is there use it, their class path starting with those same jars.
 */
final class ClassDataArchive implements AutoCloseable {
    static final String TRAINING_CLASS = "dev.rt.agent.ClassDataTraining";

    private final Path java;
    private final String kind;
    private final List<Path> trainingClassPath;
    private final Path archive;
    private volatile Process training;

    ClassDataArchive(Path java, String kind, List<Path> trainingClassPath, Path directory) {
        this.java = java;
        this.kind = kind;
        this.trainingClassPath = List.copyOf(trainingClassPath);
        this.archive = directory.resolve(name(java, kind, trainingClassPath));
    }

    static String name(Path java, String kind, List<Path> classPath) {
        StringBuilder key = new StringBuilder(java.toAbsolutePath() + "|" + System.getProperty("java.vm.version"));
        for (Path entry : classPath) {
            key.append('|').append(entry.toAbsolutePath());
            try {
                key.append(':').append(Files.size(entry)).append(':').append(Files.getLastModifiedTime(entry).toMillis());
            } catch (IOException e) {
                key.append(":missing");
            }
        }
        return kind + "-" + Integer.toHexString(Objects.hash(key.toString())) + ".jsa";
    }

    Path path() {
        return archive;
    }

    /** The options that make a worker JVM use the archive, when there is one; none otherwise. */
    List<String> jvmOptions() {
        if (!Files.isRegularFile(archive)) {
            return List.of();
        }
        // An archive the JVM cannot use is skipped with a warning on stdout; the worker's log is no place for it.
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    }

    /** Marks the archive as used now, so that pruning keeps it. */
    void markUsed(Instant now) {
        try {
            if (Files.isRegularFile(archive)) {
                Files.setLastModifiedTime(archive, FileTime.from(now));
            }
        } catch (IOException e) {
            // another user's cache: the archive is still usable
        }
    }

    /** Makes the archive in the background when it is missing; a failure is logged once and changes nothing else. */
    void createInBackground(RuntimeLog log) {
        if (Files.isRegularFile(archive)) {
            return;
        }
        Path partial = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        String classPath = trainingClassPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        try {
            Files.createDirectories(archive.getParent());
            training = new ProcessBuilder(java.toString(), "-XX:ArchiveClassesAtExit=" + partial, "-Xlog:cds=off",
                    "-Xlog:cds+dynamic=off", "-cp", classPath, TRAINING_CLASS, kind)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            log.warn("Could not make the class-data sharing archive for " + kind + " workers: " + e.getMessage());
            return;
        }
        training.onExit().thenAccept(process -> {
            try {
                if (process.exitValue() == 0 && Files.isRegularFile(partial)) {
                    Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    log.info("Workers of kind " + kind + " started from now on use the class-data sharing archive "
                            + archive + ".");
                } else {
                    log.warn("Could not make the class-data sharing archive for " + kind + " workers: the training"
                            + " JVM exited with code " + process.exitValue() + " (they start without it)");
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
