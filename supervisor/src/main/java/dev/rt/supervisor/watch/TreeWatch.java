package dev.rt.supervisor.watch;

import dev.rt.supervisor.watch.WatchedDirectories.Interest;
import dev.rt.supervisor.watch.WatchedDirectories.Tree;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Watches files for owners (a service, say) on one daemon thread, and once a change has been followed by a quiet
 * moment without another, hands the owners whose files changed to its listener. An owner watches trees (a
 * directory and every directory below it, up to {@value #MAX_DEPTH} deep and {@value #MAX_DIRECTORIES} directories,
 * hidden ones left out), single directories and single files. Hidden entries, editor backups and swap files,
 * temporary files and logs never count ({@link #ignored}); of the rest, each tree's filter says what counts. A
 * directory created in a tree is watched from then on, and counts as a change when it already holds a file that
 * counts (written before it was watched); one deleted is dropped.
 *
 * <p>When events were lost ({@code OVERFLOW}: the kernel's queue of them filled up, or a key's own), the owners of
 * the directory that says so have their trees walked again (directories created meanwhile are watched) and are
 * taken as changed, and {@code warn} says so, once for the changes it hands on together.
 *
 * <p>Hand-written over the JDK's watch service: no library in rt's dependencies watches trees.
 */
public final class TreeWatch<T> implements AutoCloseable {
    public static final int MAX_DEPTH = 20;
    public static final int MAX_DIRECTORIES = 2000;
    static final String LOST = "File events were lost (the system's queue of them overflowed): the watched"
            + " directories were read again and their files taken as changed.";

    private static final Predicate<Path> EVERY_ENTRY = path -> true;

    private final WatchEvents events;
    private final long quietMillis;
    private final Consumer<Set<T>> changed;
    private final Consumer<String> warn;
    private final WatchedDirectories<T> directories;
    private final List<Tree<T>> trees = new ArrayList<>();
    private final Thread thread;

    /**
     * @param changed called on the watch thread with the owners whose files changed
     * @param warn    called on the watch thread when events were lost or the listener failed
     */
    public TreeWatch(WatchEvents events, String threadName, Duration quiet, Consumer<Set<T>> changed,
            Consumer<String> warn) {
        this.events = events;
        this.directories = new WatchedDirectories<>(events);
        this.quietMillis = quiet.toMillis();
        this.changed = changed;
        this.warn = warn;
        this.thread = new Thread(this::run, threadName);
        this.thread.setDaemon(true);
    }

    /** Hidden entries, editor backups and swap files, temporary files, logs. */
    public static boolean ignored(Path name) {
        String file = name.toString();
        return file.startsWith(".") || file.endsWith("~") || file.endsWith(".swp") || file.endsWith(".tmp")
                || file.endsWith(".log");
    }

    /** Starts handing on changes. */
    public TreeWatch<T> start() {
        thread.start();
        return this;
    }

    /**
     * Watches {@code top} and the directories below it for {@code owner}; {@code counts} decides which changed entries
     * count. False when the owner reached {@value #MAX_DIRECTORIES} directories and some are left unwatched.
     */
    public boolean tree(T owner, Path top, Predicate<Path> counts) {
        Tree<T> tree = new Tree<>(owner, top, counts);
        synchronized (this) {
            trees.add(tree);
        }
        return walk(tree, top);
    }

    /** Watches the entries of {@code directory} (not below it) for {@code owner}; again, it changes nothing. */
    public void directory(T owner, Path directory) {
        directories.add(directory, new Interest<>(owner, null, EVERY_ENTRY, false));
    }

    /** Watches {@code file} for {@code owner}, whatever its name; again, it changes nothing. */
    public void file(T owner, Path file) {
        directories.add(file.getParent(), new Interest<>(owner, null, new SameFile(file), true));
    }

    /** A filter equal to another of the same file, so that watching a file twice is watching it once. */
    private record SameFile(Path file) implements Predicate<Path> {
        @Override
        public boolean test(Path path) {
            return file.equals(path);
        }
    }

    /**
     * Watches {@code from} and the directories below it, each before its entries are listed: an entry created after
     * that is an event, one created before is found by the walk. False when the owner ran out of room.
     */
    private boolean walk(Tree<T> tree, Path from) {
        Interest<T> interest = new Interest<>(tree.owner(), tree, tree.counts(), false);
        int depth = from.equals(tree.top()) ? 0 : tree.top().relativize(from).getNameCount();
        boolean[] room = {true};
        try {
            Files.walkFileTree(from, Set.of(), Math.max(0, MAX_DEPTH - depth), new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                    if (!directory.equals(from) && ignored(directory.getFileName())) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    room[0] = directories.add(directory, interest);
                    return room[0] ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // gone while walked, or unreadable: nothing to watch there
                }
            });
        } catch (IOException e) {
            // the top went away while walked: its removal is an event of its parent
        }
        return room[0];
    }

    /** The directories watched now, for tests. */
    Set<Path> watchedDirectories() {
        return directories.paths();
    }

    private void run() {
        Set<T> pending = new LinkedHashSet<>();
        Set<T> lost = new LinkedHashSet<>();
        try {
            while (true) {
                WatchKey key = pending.isEmpty() ? events.take() : events.poll(quietMillis);
                if (key == null) {
                    handOn(pending, lost);
                } else {
                    handle(key, pending, lost);
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed
        }
    }

    private void handle(WatchKey key, Set<T> pending, Set<T> lost) {
        Path directory = (Path) key.watchable();
        List<Interest<T>> interests = directories.interests(directory);
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                interests.forEach(interest -> lost.add(interest.owner()));
                pending.addAll(lost);
            } else if (event.context() instanceof Path name) {
                Path path = directory.resolve(name);
                boolean created = event.kind() == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(path);
                for (Interest<T> interest : interests) {
                    if (!interest.file() && ignored(name)) {
                        continue;
                    }
                    if (interest.counts().test(path)) {
                        pending.add(interest.owner());
                    }
                    if (created && interest.tree() != null) {
                        walk(interest.tree(), path);
                        if (holdsCountingFile(interest, path)) { // written before its directory was watched
                            pending.add(interest.owner());
                        }
                    }
                }
            }
        }
        if (!key.reset()) {
            directories.drop(directory, key);
        }
    }

    private static boolean holdsCountingFile(Interest<?> interest, Path directory) {
        try (Stream<Path> files = Files.walk(directory, MAX_DEPTH)) {
            return files.filter(Files::isRegularFile).filter(file -> !ignored(file.getFileName()))
                    .anyMatch(interest.counts());
        } catch (IOException | RuntimeException e) {
            return false; // gone again: its removal is an event of its parent
        }
    }

    private void handOn(Set<T> pending, Set<T> lost) {
        if (!lost.isEmpty()) {
            List<Tree<T>> rescanned;
            synchronized (this) {
                rescanned = trees.stream().filter(tree -> lost.contains(tree.owner())).toList();
            }
            rescanned.forEach(tree -> walk(tree, tree.top()));
            lost.clear();
            warn.accept(LOST);
        }
        Set<T> owners = Collections.unmodifiableSet(new LinkedHashSet<>(pending));
        pending.clear();
        try {
            changed.accept(owners);
        } catch (RuntimeException e) {
            warn.accept("Could not act on changed files: " + e);
        }
    }

    @Override
    public void close() {
        try {
            events.close();
        } catch (IOException e) {
            // closing anyway
        }
        thread.interrupt();
    }
}
