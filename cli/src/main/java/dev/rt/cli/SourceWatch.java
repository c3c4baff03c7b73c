package dev.rt.cli;

import dev.rt.cli.project.ProjectLayout;
import dev.rt.cli.project.ProjectService;
import dev.rt.cli.project.SourceCompiler;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The development loop of {@code rt start --dev} in a runtime with {@code watch}: a changed file under a service's
 * {@code src/main/java} or {@code src/main/resources} is compiled as {@code rt compile} would, into
 * {@code target/classes}, whose changed classes the runtime's own watch then turns into a restart of the service
 * (a generated service watches {@code **}{@code /*.class}). javac's messages go to standard error; a compilation
 * that fails leaves the running service as it is. One daemon thread, {@code rt-compile}.
 */
final class SourceWatch implements AutoCloseable {
    private static final long QUIET_MILLIS = 200;

    private final WatchService watcher;
    private final Map<WatchKey, ProjectService> keys = new HashMap<>();
    private final PrintWriter err;

    private SourceWatch(WatchService watcher, PrintWriter err) {
        this.watcher = watcher;
        this.err = err;
    }

    /**
     * Watches the sources of every service of {@code config} that has some; null when there are none, or when they
     * cannot be watched (said on {@code err}: the runtime runs all the same).
     */
    static SourceWatch start(Path config, PrintWriter err) {
        List<ProjectService> services = ProjectLayout.read(config).services().stream()
                .filter(service -> SourceCompiler.hasSources(service.directory())).toList();
        if (services.isEmpty()) {
            return null;
        }
        SourceWatch watching;
        try {
            watching = new SourceWatch(FileSystems.getDefault().newWatchService(), err);
            for (ProjectService service : services) {
                for (String folder : List.of(SourceCompiler.SOURCES, SourceCompiler.RESOURCES)) {
                    watching.registerTree(service, service.directory().resolve(folder));
                }
            }
        } catch (IOException e) {
            err.println("rt: warning: changed sources will not be compiled: cannot watch them (" + e.getMessage() + ")");
            return null;
        }
        Thread thread = new Thread(watching::run, "rt-compile");
        thread.setDaemon(true);
        thread.start();
        return watching;
    }

    private void registerTree(ProjectService service, Path top) throws IOException {
        if (!Files.isDirectory(top)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(top)) {
            for (Path directory : walk.filter(Files::isDirectory).toList()) {
                WatchKey key = directory.register(watcher, StandardWatchEventKinds.ENTRY_CREATE,
                        StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_DELETE);
                synchronized (this) {
                    keys.put(key, service);
                }
            }
        }
    }

    private void run() {
        Set<ProjectService> pending = new LinkedHashSet<>();
        try {
            while (true) {
                WatchKey key = pending.isEmpty() ? watcher.take() : watcher.poll(QUIET_MILLIS, TimeUnit.MILLISECONDS);
                if (key == null) {
                    pending.forEach(service -> CompileCommand.compile(service, false, err, err));
                    err.flush();
                    pending.clear();
                    continue;
                }
                ProjectService service;
                synchronized (this) {
                    service = keys.get(key);
                }
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (service != null && event.context() instanceof Path name && !name.toString().startsWith(".")
                            && !name.toString().endsWith("~")) {
                        pending.add(service);
                        Path child = ((Path) key.watchable()).resolve(name);
                        if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(child)) {
                            registerTree(service, child);
                        }
                    }
                }
                key.reset();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed
        } catch (IOException e) {
            err.println("rt: stopped compiling changed sources: " + e.getMessage());
            err.flush();
        }
    }

    @Override
    public void close() {
        try {
            watcher.close();
        } catch (IOException e) {
            // the watch thread ends either way
        }
    }
}
