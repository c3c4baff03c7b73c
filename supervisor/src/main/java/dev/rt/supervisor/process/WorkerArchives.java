package dev.rt.supervisor.process;

import dev.rt.config.install.InstalledKind;
import dev.rt.config.install.Kinds;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The class-data sharing archives of the kinds a runtime's services are of ({@link ClassDataArchive}), in
 * {@code <cache>/workers/}, where {@code <cache>} is {@code RT_CACHE_DIR}, else {@code rt} in {@code XDG_CACHE_HOME}
 * or {@code ~/.cache} (the directory of {@code bin/rt}'s own archives). Each start marks
 * its own archives as used and removes others beyond the {@value #KEEP_OTHERS} most recently used, unless used
 * within {@link #RECENTLY_USED}, and the partial archives ({@code <archive>.<pid>.part}) of training JVMs whose
 * supervisor is gone (one stopped or killed while its training ran). {@code RT_CLASS_DATA_SHARING=false} turns them all off,
 * and so does a Java agent in {@code JAVA_TOOL_OPTIONS} or {@code JDK_JAVA_OPTIONS}: no worker could use them. A worker
 * with a Java agent of its own starts without its kind's archive ({@link WorkerCommand#hasJavaAgent}).
 */
public final class WorkerArchives implements AutoCloseable {
    static final String DISABLE_VARIABLE = "RT_CLASS_DATA_SHARING";
    static final String CACHE_VARIABLE = "RT_CACHE_DIR";
    private static final List<String> TOOL_OPTIONS = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS");
    static final int KEEP_OTHERS = 4;
    static final Duration RECENTLY_USED = Duration.ofHours(1);
    private static final Pattern PART = Pattern.compile(".+\\.jsa\\.(\\d{1,18})\\.part");

    private final Map<String, ClassDataArchive> byKind;

    private WorkerArchives(Map<String, ClassDataArchive> byKind) {
        this.byKind = byKind;
    }

    /** The archives of the kinds of {@code services} that offer a training configuration. */
    public static WorkerArchives of(Path java, Path agentJar, Collection<ServiceConfig> services,
            Map<String, String> realEnv) {
        if ("false".equalsIgnoreCase(realEnv.getOrDefault(DISABLE_VARIABLE, "true"))
                || javaAgentInToolOptions(realEnv)) {
            return new WorkerArchives(Map.of());
        }
        return in(cacheDirectory(realEnv).resolve("workers"), java, agentJar,
                services.stream().filter(ServiceConfig::runsWorkers).map(s -> s.application().kind()).distinct()
                        .flatMap(kind -> Kinds.installed().find(kind).stream()).toList());
    }

    static WorkerArchives in(Path directory, Path java, Path agentJar, List<InstalledKind> kinds) {
        Map<String, ClassDataArchive> byKind = new LinkedHashMap<>();
        Instant now = Instant.now();
        for (InstalledKind kind : kinds) {
            if (kind.kind().trainingConfiguration().isPresent()) {
                List<Path> classPath = new ArrayList<>(List.of(agentJar));
                classPath.addAll(kind.jars());
                ClassDataArchive archive = new ClassDataArchive(java, kind.name(), classPath, directory);
                archive.markUsed(now);
                byKind.put(kind.name(), archive);
            }
        }
        prune(directory, byKind.values().stream().map(ClassDataArchive::path).toList(), now);
        return new WorkerArchives(byKind);
    }

    /** The options that make a worker of {@code kind} use its archive, when it has one. */
    public List<String> jvmOptions(String kind) {
        return Optional.ofNullable(byKind.get(kind)).map(ClassDataArchive::jvmOptions).orElse(List.of());
    }

    /** The archive of {@code kind}, made or not, when the kind offers training. */
    public Optional<Path> path(String kind) {
        return Optional.ofNullable(byKind.get(kind)).map(ClassDataArchive::path);
    }

    /** Makes each missing archive in the background. */
    public void createInBackground(RuntimeLog log) {
        byKind.values().forEach(archive -> archive.createInBackground(log));
    }

    @Override
    public void close() {
        byKind.values().forEach(ClassDataArchive::close);
    }

    static void prune(Path directory, List<Path> current, Instant now) {
        List<Path> files;
        try (Stream<Path> listed = Files.list(directory)) {
            files = listed.toList();
        } catch (IOException e) {
            return;
        }
        Instant recent = now.minus(RECENTLY_USED);
        files.stream().filter(f -> f.getFileName().toString().endsWith(".jsa") && !current.contains(f))
                .sorted(Comparator.comparing(WorkerArchives::lastUsed).reversed())
                .skip(KEEP_OTHERS).filter(f -> lastUsed(f).isBefore(recent)).forEach(WorkerArchives::delete);
        files.stream().filter(WorkerArchives::isAbandonedPart).forEach(WorkerArchives::delete);
    }

    /** {@code <archive>.<pid>.part} where no process {@code pid} runs any more. */
    private static boolean isAbandonedPart(Path file) {
        Matcher part = PART.matcher(file.getFileName().toString());
        return part.matches() && ProcessHandle.of(Long.parseLong(part.group(1))).map(p -> !p.isAlive()).orElse(true);
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // another user's file: left alone
        }
    }

    private static Instant lastUsed(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            return Instant.MAX;
        }
    }

    /**
     * Whether {@code JAVA_TOOL_OPTIONS} or {@code JDK_JAVA_OPTIONS} name a Java agent, which every JVM started with
     * that environment then runs: the training JVM cannot make an archive with it ({@link WorkerCommand#hasJavaAgent}).
     */
    static boolean javaAgentInToolOptions(Map<String, String> env) {
        return TOOL_OPTIONS.stream().map(env::get).anyMatch(options -> options != null
                && options.contains(WorkerCommand.JAVA_AGENT));
    }

    /** {@code RT_CACHE_DIR} (as {@code bin/rt} reads it), else {@code rt} in {@code XDG_CACHE_HOME} or {@code ~/.cache}. */
    static Path cacheDirectory(Map<String, String> env) {
        String own = env.get(CACHE_VARIABLE);
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("rt");
    }
}
