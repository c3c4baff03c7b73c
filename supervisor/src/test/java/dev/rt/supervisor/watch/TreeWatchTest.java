package dev.rt.supervisor.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recursive watch on a real file system: what counts, directories created and deleted after the start, and
 * events the kernel lost ({@code OVERFLOW}, made to happen by {@link LosingEvents}).
 */
class TreeWatchTest {
    private static final Duration QUIET = Duration.ofMillis(200);

    @TempDir
    Path dir;

    private final BlockingQueue<Set<String>> changes = new LinkedBlockingQueue<>();
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    /** Every path a tree's filter was asked about: an event of a watched directory. */
    private final BlockingQueue<Path> seen = new LinkedBlockingQueue<>();
    private final Predicate<Path> everything = path -> seen.add(path);
    private TreeWatch<String> watch;

    private TreeWatch<String> watch(WatchEvents events) {
        watch = new TreeWatch<>(events, "test-watch", QUIET, changes::add, warnings::add);
        return watch;
    }

    @AfterEach
    void close() {
        if (watch != null) {
            watch.close();
        }
    }

    private Set<String> nextChange() throws InterruptedException {
        Set<String> owners = changes.poll(20, TimeUnit.SECONDS);
        assertThat(owners).as("a change handed on within 20 s").isNotNull();
        return owners;
    }

    /** Waits until an event about {@code path} arrived: its directory is watched. */
    private void awaitSeen(Path path) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Path next;
        do {
            next = seen.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } while (next != null && !next.equals(path));
        assertThat(next).as("an event about " + path).isEqualTo(path);
    }

    private Path tree(String name) throws Exception {
        return Files.createDirectories(dir.resolve(name).resolve("deep/er"));
    }

    private TreeWatch<String> watching(String owner, Path top, Predicate<Path> counts) throws Exception {
        TreeWatch<String> started = watch == null ? watch(WatchEvents.system()) : watch;
        started.tree(owner, top, counts);
        return started;
    }

    @Test
    void aFileChangedDeepInATreeIsItsOwnersChangeOnceTheChangesStop() throws Exception {
        Path api = tree("api");
        watching("api", dir.resolve("api"), path -> true);
        watching("web", tree("web").getParent().getParent(), path -> true).start();

        Files.writeString(api.resolve("Api.class"), "1");
        Files.writeString(api.resolve("Api.class"), "2");
        Files.writeString(api.resolve("Other.class"), "3");

        assertThat(nextChange()).containsExactly("api");
    }

    @Test
    void hiddenFilesBackupsSwapFilesTemporaryFilesAndLogsNeverCountAndATreesFilterPicksTheRest() throws Exception {
        Path api = tree("api");
        watching("api", dir.resolve("api"), path -> path.toString().endsWith(".class"));
        Path web = tree("web");
        watching("web", dir.resolve("web"), path -> true).start();

        for (String ignored : List.of(".hidden", "Api.java~", ".Api.java.swp", "x.swp", "upload.tmp", "server.log")) {
            Files.writeString(web.resolve(ignored), "ignored");
        }
        Files.writeString(api.resolve("notes.txt"), "not a class");
        Files.writeString(api.resolve("Api.class"), "a class");

        assertThat(nextChange()).as("web's and the text file's events came first").containsExactly("api");
        assertThat(TreeWatch.ignored(Path.of(".git"))).isTrue();
        assertThat(TreeWatch.ignored(Path.of("app.jar"))).isFalse();
    }

    @Test
    void aDirectoryCreatedAfterTheStartIsWatchedAndCountsWhenItAlreadyHoldsAFile() throws Exception {
        Path top = tree("api").getParent().getParent();
        watching("api", top, path -> path.toString().endsWith(".class")).start();

        Path created = Files.createDirectories(top.resolve("com/acme"));
        Files.writeString(created.resolve("Api.class"), "1");
        assertThat(nextChange()).containsExactly("api");
        assertThat(watch.watchedDirectories()).contains(top.resolve("com"), created);

        Files.writeString(created.resolve("Api.class"), "2");
        assertThat(nextChange()).as("a change in the new directory").containsExactly("api");
    }

    @Test
    void aDeletedDirectoryIsAChangeAndOneCreatedAgainInItsPlaceIsWatched() throws Exception {
        Path deep = tree("api");
        Path top = dir.resolve("api");
        Files.writeString(deep.resolve("Api.class"), "1");
        watching("api", top, everything).start();

        deleteTree(top.resolve("deep"));
        awaitSeen(top.resolve("deep"));
        assertThat(nextChange()).containsExactly("api");

        Path again = Files.createDirectories(top.resolve("deep/er"));
        awaitSeen(top.resolve("deep"));
        Files.writeString(again.resolve("Api.class"), "2");
        awaitSeen(again.resolve("Api.class"));
    }

    @Test
    void aSingleFileCountsAloneWhateverItsDirectoryHolds() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path jar = Files.writeString(lib.resolve("app.jar"), "1");
        watch(WatchEvents.system()).file("api", jar);
        watching("web", tree("web"), path -> true).start();

        Files.writeString(lib.resolve("other.jar"), "not watched");
        Files.writeString(dir.resolve("web/deep/er/index.html"), "web");
        assertThat(nextChange()).containsExactly("web");

        Files.writeString(jar, "2");
        assertThat(nextChange()).containsExactly("api");
    }

    @Test
    void lostEventsRescanTheTreeAndCountAsAChangeSaidOnce() throws Exception {
        LosingEvents events = new LosingEvents();
        Path top = tree("api").getParent().getParent();
        watch(events);
        watching("api", top, everything);
        watching("web", tree("web"), path -> true).start();
        events.lose(top);

        Path late = Files.createDirectories(top.resolve("late"));
        events.overflow(top);
        events.overflow(top.resolve("deep"));
        assertThat(nextChange()).containsExactly("api");
        assertThat(warnings).containsExactly(TreeWatch.LOST);
        assertThat(watch.watchedDirectories()).as("rescanned").contains(late);

        Files.writeString(late.resolve("Api.class"), "1");
        awaitSeen(late.resolve("Api.class"));
        assertThat(nextChange()).as("a change in the directory whose creation was lost").containsExactly("api");
        assertThat(warnings).hasSize(1);
    }

    private static void deleteTree(Path top) throws Exception {
        try (var paths = Files.walk(top)) {
            for (Path path : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(path);
            }
        }
    }
}
