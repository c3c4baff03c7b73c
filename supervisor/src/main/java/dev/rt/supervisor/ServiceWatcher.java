package dev.rt.supervisor;

import dev.rt.config.ServiceConfig;
import dev.rt.config.WatchConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.watch.TreeWatch;
import dev.rt.supervisor.watch.WatchEvents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Hot reload in development ({@code rt start --dev} with {@code watch: true}): watches each service's
 * directory and the directories of its class path (recursively; for a jar, the jar itself) through a
 * {@link TreeWatch} and, once a change has been followed by {@link #QUIET} without another, hands the service's id
 * to {@code changed}. What counts is what the service's {@code watch} globs allow, relative to the directory
 * watched; hidden files and directories, editor backups and logs never do. Events lost by the kernel restart the
 * services whose files they were. One daemon thread, {@code rt-watch}.
 */
final class ServiceWatcher implements AutoCloseable {
    static final Duration QUIET = Duration.ofMillis(300);

    private final TreeWatch<String> watch;

    private ServiceWatcher(TreeWatch<String> watch) {
        this.watch = watch;
    }

    /** Starts watching {@code services}; {@code changed} is called on the watch thread. */
    static ServiceWatcher start(List<ServiceConfig> services, RuntimeLog log, Consumer<String> changed) throws IOException {
        TreeWatch<String> watch = new TreeWatch<>(WatchEvents.system(), "rt-watch", QUIET,
                ids -> ids.forEach(changed), log::warn);
        for (ServiceConfig service : services) {
            if (!service.application().watch().enabled()) {
                continue;
            }
            Set<Path> roots = new LinkedHashSet<>();
            roots.add(service.directory());
            for (Path entry : service.application().classpath()) {
                if (Files.isDirectory(entry)) {
                    roots.add(entry);
                } else if (entry.getParent() != null && Files.isDirectory(entry.getParent())) {
                    watch.file(service.id(), entry);
                }
            }
            WatchConfig globs = service.application().watch();
            boolean complete = true;
            for (Path root : roots) {
                complete &= watch.tree(service.id(), root, path -> globs.counts(root.relativize(path)));
            }
            if (!complete) {
                log.warn("Watching only the first " + TreeWatch.MAX_DIRECTORIES + " directories of the service \""
                        + service.id() + "\" for changes.");
            }
        }
        return new ServiceWatcher(watch.start());
    }

    @Override
    public void close() {
        watch.close();
    }
}
