package dev.rt.supervisor;

import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Hot reload in development ({@code rt start --dev} with {@code watch: true}): watches each service's
 * directory and the directories of its class path (recursively; for a jar, the jar itself) and, once a change
 * has been followed by {@link #QUIET} without another, hands the service's id to {@code changed}. Hidden
 * files and directories, editor backups and logs do not count. One daemon thread, {@code rt-watch}.
 */
final class ServiceWatcher implements AutoCloseable {
    static final Duration QUIET = Duration.ofMillis(300);
    static final int MAX_DIRECTORIES_PER_SERVICE = 2000;

    private final WatchService watcher;
    private final RuntimeLog log;
    private final Consumer<String> changed;
    private final Map<WatchKey, Watched> keys = new HashMap<>();
    private final Thread thread;

    /**
     * What one watched directory belongs to: a service, and the root its {@code watch} globs are relative to;
     * {@code only} limits it to one file (a jar), or is null.
     */
    private record Watched(ServiceConfig service, Path root, Path directory, Path only) {
    }

    private ServiceWatcher(WatchService watcher, RuntimeLog log, Consumer<String> changed) {
        this.watcher = watcher;
        this.log = log;
        this.changed = changed;
        this.thread = new Thread(this::run, "rt-watch");
        this.thread.setDaemon(true);
    }

    /** Starts watching {@code services}; {@code changed} is called on the watch thread. */
    static ServiceWatcher start(List<ServiceConfig> services, RuntimeLog log, Consumer<String> changed) throws IOException {
        ServiceWatcher watching = new ServiceWatcher(FileSystems.getDefault().newWatchService(), log, changed);
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
                    watching.register(service, entry.getParent(), entry.getParent(), entry.getFileName());
                }
            }
            int[] budget = {MAX_DIRECTORIES_PER_SERVICE};
            for (Path root : roots) {
                watching.registerTree(service, root, root, budget);
            }
            if (budget[0] <= 0) {
                log.warn("Watching only the first " + MAX_DIRECTORIES_PER_SERVICE + " directories of the service \""
                        + service.id() + "\" for changes.");
            }
        }
        watching.thread.start();
        return watching;
    }

    private void registerTree(ServiceConfig service, Path root, Path top, int[] budget) throws IOException {
        List<Path> directories = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(top)) {
            walk.filter(Files::isDirectory).filter(dir -> dir.equals(top) || !ignored(dir.getFileName()))
                    .filter(dir -> top.relativize(dir).toString().split("/").length < 20)
                    .forEach(directories::add);
        }
        for (Path directory : directories) {
            if (budget[0]-- <= 0) {
                return;
            }
            register(service, root, directory, null);
        }
    }

    private synchronized void register(ServiceConfig service, Path root, Path directory, Path only) throws IOException {
        WatchKey key = directory.register(watcher, StandardWatchEventKinds.ENTRY_CREATE,
                StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_DELETE);
        keys.put(key, new Watched(service, root, directory, only));
    }

    /** Hidden entries, editor backups and swap files, logs. */
    static boolean ignored(Path name) {
        String file = name.toString();
        return file.startsWith(".") || file.endsWith("~") || file.endsWith(".swp") || file.endsWith(".tmp")
                || file.endsWith(".log");
    }

    private void run() {
        Set<String> pending = new LinkedHashSet<>();
        try {
            while (true) {
                WatchKey key = pending.isEmpty() ? watcher.take() : watcher.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS);
                if (key == null) {
                    pending.forEach(changed);
                    pending.clear();
                    continue;
                }
                Watched watched;
                synchronized (this) {
                    watched = keys.get(key);
                }
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (watched != null && event.context() instanceof Path name && counts(watched, name)) {
                        Path child = watched.directory().resolve(name);
                        boolean directory = Files.isDirectory(child);
                        if (watched.service().application().watch().counts(watched.root().relativize(child))) {
                            pending.add(watched.service().id());
                        }
                        if (watched.only() == null && event.kind() == StandardWatchEventKinds.ENTRY_CREATE && directory) {
                            registerTree(watched.service(), watched.root(), child, new int[] {MAX_DIRECTORIES_PER_SERVICE});
                            if (holdsCountingFile(watched, child)) { // written before its directory was watched
                                pending.add(watched.service().id());
                            }
                        }
                    }
                }
                key.reset();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed
        } catch (IOException e) {
            log.warn("Stopped watching for changes: " + e.getMessage());
        }
    }

    private static boolean holdsCountingFile(Watched watched, Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).filter(file -> !ignored(file.getFileName()))
                    .anyMatch(file -> watched.service().application().watch().counts(watched.root().relativize(file)));
        }
    }

    private static boolean counts(Watched watched, Path name) {
        return watched.only() != null ? watched.only().equals(name) : !ignored(name);
    }

    @Override
    public void close() {
        try {
            watcher.close();
        } catch (IOException e) {
            // closing anyway
        }
        thread.interrupt();
    }
}
