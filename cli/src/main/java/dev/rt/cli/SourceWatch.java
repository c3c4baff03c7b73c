package dev.rt.cli;

import dev.rt.cli.project.ProjectLayout;
import dev.rt.cli.project.ProjectService;
import dev.rt.cli.project.SourceCompiler;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import dev.rt.config.RtException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
 *
 * <p>The runtime configuration's directory and its autoload folder are watched too: a service that appears there
 * (a new folder, a configuration that now lists it, which a reload then starts) has its sources watched from then
 * on, not only the services there were when {@code rt start} began.
 */
final class SourceWatch implements AutoCloseable {
    private static final long QUIET_MILLIS = 200;

    private final WatchService watcher;
    private final Path config;
    private final Map<WatchKey, ProjectService> keys = new HashMap<>();
    /** The keys of the directories where services appear: the configuration's, the autoload folder and its children. */
    private final Set<WatchKey> layoutKeys = new HashSet<>();
    private final Set<Path> watchedServices = new HashSet<>();
    private final PrintWriter err;

    private SourceWatch(WatchService watcher, Path config, PrintWriter err) {
        this.watcher = watcher;
        this.config = config;
        this.err = err;
    }

    /**
     * Watches the sources of every service of {@code config} that has some, and of those that appear later; null when
     * they cannot be watched (said on {@code err}: the runtime runs all the same).
     */
    static SourceWatch start(Path config, PrintWriter err) {
        SourceWatch watching;
        try {
            watching = new SourceWatch(FileSystems.getDefault().newWatchService(), config.toAbsolutePath(), err);
            watching.follow(ProjectLayout.read(config));
        } catch (IOException e) {
            err.println("rt: warning: changed sources will not be compiled: cannot watch them (" + e.getMessage() + ")");
            return null;
        }
        Thread thread = new Thread(watching::run, "rt-compile");
        thread.setDaemon(true);
        thread.start();
        return watching;
    }

    /** Watches where services appear, and the sources of each service of {@code layout} not watched yet. */
    private void follow(ProjectLayout layout) throws IOException {
        List<Path> places = new ArrayList<>(List.of(config.getParent()));
        KindCreateCommand.autoloadFolder(config.getParent()).filter(Files::isDirectory).ifPresent(folder -> {
            places.add(folder);
            try (Stream<Path> children = Files.list(folder)) {
                children.filter(child -> Files.isDirectory(child) && !child.getFileName().toString().startsWith("."))
                        .forEach(places::add);
            } catch (IOException e) {
                // a folder that went away has no services to watch
            }
        });
        for (Path place : places) {
            try {
                WatchKey key = place.register(watcher, StandardWatchEventKinds.ENTRY_CREATE,
                        StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_DELETE);
                synchronized (this) {
                    layoutKeys.add(key);
                }
            } catch (NoSuchFileException e) {
                // gone already (rt create's staging folder, moved into place): nothing to watch there
            }
        }
        for (ProjectService service : layout.services()) {
            Path directory = service.directory().toAbsolutePath().normalize();
            if (!watchedServices.contains(directory) && SourceCompiler.hasSources(service.directory())) {
                watchedServices.add(directory);
                for (String folder : List.of(SourceCompiler.SOURCES, SourceCompiler.RESOURCES)) {
                    registerTree(service, service.directory().resolve(folder));
                }
            }
        }
    }

    /** The configuration read again after a change where services appear; one that does not load now is skipped. */
    private void followAgain() throws IOException {
        ProjectLayout layout;
        try {
            layout = ProjectLayout.read(config);
        } catch (RtException e) {
            return;
        }
        follow(layout);
    }

    private void registerTree(ProjectService service, Path top) throws IOException {
        if (!Files.isDirectory(top)) {
            return;
        }
        try {
            registerEach(service, top);
        } catch (NoSuchFileException | UncheckedIOException e) {
            // a folder removed while it was being walked: what is left of it was registered, its removal is an event
        }
    }

    private void registerEach(ProjectService service, Path top) throws IOException {
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
                boolean layoutChanged;
                synchronized (this) {
                    service = keys.get(key);
                    layoutChanged = layoutKeys.contains(key);
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
                if (layoutChanged) {
                    followAgain();
                }
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
