package dev.rt.cli.start;

import dev.rt.cli.build.CompileCommand;
import dev.rt.cli.create.KindCreateCommand;
import dev.rt.cli.project.ProjectLayout;
import dev.rt.cli.project.ProjectService;
import dev.rt.cli.project.SourceCompiler;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.watch.TreeWatch;
import dev.rt.supervisor.watch.WatchEvents;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The development loop of {@code rt start --dev} in a runtime with {@code watch}: a changed file under a service's
 * {@code src/main/java} or {@code src/main/resources} is compiled as {@code rt compile} would, into
 * {@code target/classes}, whose changed classes the runtime's own watch then turns into a restart of the service
 * (a generated service watches {@code **}{@code /*.class}). javac's messages go to standard error; a compilation
 * that fails leaves the running service as it is. Files are watched by a {@link TreeWatch} (hidden files, editor
 * backups, temporary files and logs do not count; events the kernel lost count as a change of every service); one
 * daemon thread, {@code rt-compile}.
 *
 * <p>The runtime configuration's directory and its autoload folder are watched too: a service that appears there
 * (a new folder, a configuration that now lists it, which a reload then starts) has its sources watched from then
 * on, not only the services there were when {@code rt start} began.
 */
final class SourceWatch implements AutoCloseable {
    static final Duration QUIET = Duration.ofMillis(200);

    /** What a watched directory belongs to: a service's sources, or (no service) the places where services appear. */
    private record Owner(Optional<ProjectService> service) {
        static final Owner LAYOUT = new Owner(Optional.empty());
    }

    private final Path config;
    private final PrintWriter err;
    private final Set<Path> watchedServices = new HashSet<>();
    private TreeWatch<Owner> watch;

    private SourceWatch(Path config, PrintWriter err) {
        this.config = config;
        this.err = err;
    }

    /**
     * Watches the sources of every service of {@code config} that has some, and of those that appear later; null when
     * they cannot be watched (said on {@code err}: the runtime runs all the same).
     */
    static SourceWatch start(Path config, PrintWriter err) {
        SourceWatch watching = new SourceWatch(config.toAbsolutePath(), err);
        try {
            watching.watch = new TreeWatch<>(WatchEvents.system(), "rt-compile", QUIET, watching::changed,
                    message -> watching.say("rt: warning: " + message));
            watching.follow(ProjectLayout.read(config));
        } catch (IOException e) {
            err.println("rt: warning: changed sources will not be compiled: cannot watch them (" + e.getMessage() + ")");
            return null;
        }
        watching.watch.start();
        return watching;
    }

    /** Watches where services appear, and the sources of each service of {@code layout} not watched yet. */
    private void follow(ProjectLayout layout) {
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
        places.forEach(place -> watch.directory(Owner.LAYOUT, place));
        for (ProjectService service : layout.services()) {
            Path directory = service.directory().toAbsolutePath().normalize();
            if (SourceCompiler.hasSources(service.directory()) && watchedServices.add(directory)) {
                Owner owner = new Owner(Optional.of(service));
                for (String folder : List.of(SourceCompiler.SOURCES, SourceCompiler.RESOURCES)) {
                    Path top = service.directory().resolve(folder);
                    if (Files.isDirectory(top)) {
                        watch.tree(owner, top, path -> true);
                    }
                }
            }
        }
    }

    /** After a quiet moment: services that appeared are followed, changed ones compiled. */
    private void changed(Set<Owner> owners) {
        if (owners.contains(Owner.LAYOUT)) {
            try {
                follow(ProjectLayout.read(config));
            } catch (RtException e) {
                // a configuration that does not load now: its services are followed once it does
            }
        }
        owners.stream().flatMap(owner -> owner.service().stream())
                .forEach(service -> CompileCommand.compile(service, false, err, err));
        err.flush();
    }

    private void say(String message) {
        err.println(message);
        err.flush();
    }

    @Override
    public void close() {
        watch.close();
    }
}
