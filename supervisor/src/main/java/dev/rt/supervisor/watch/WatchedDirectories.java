package dev.rt.supervisor.watch;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.WatchKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The directories a {@link TreeWatch} watches, each with its key and the owners interested in it, and how many
 * directories of trees each owner has (at most {@link TreeWatch#MAX_DIRECTORIES}). Thread-safe.
 */
final class WatchedDirectories<T> {
    /** A tree of an owner, its filter applied to the absolute path of each changed entry. */
    record Tree<T>(T owner, Path top, Predicate<Path> counts) {
    }

    /** One owner's interest in a directory; {@code tree} is null for a single directory or file. */
    record Interest<T>(T owner, Tree<T> tree, Predicate<Path> counts, boolean file) {
    }

    private record Watched<T>(WatchKey key, List<Interest<T>> interests) {
    }

    private final WatchEvents events;
    private final Map<Path, Watched<T>> directories = new HashMap<>();
    private final Map<T, Integer> treeDirectories = new HashMap<>();

    WatchedDirectories(WatchEvents events) {
        this.events = events;
    }

    /** Watches {@code directory} for {@code interest}; false when its owner has no room for another of a tree. */
    synchronized boolean add(Path directory, Interest<T> interest) {
        Watched<T> watched = directories.get(directory);
        if (watched != null && watched.interests().contains(interest)) {
            return true;
        }
        if (interest.tree() != null && treeDirectories.getOrDefault(interest.owner(), 0) >= TreeWatch.MAX_DIRECTORIES) {
            return false;
        }
        try {
            WatchKey key = events.register(directory);
            if (watched == null || watched.key() != key) { // new, or a directory of that name deleted meanwhile
                if (watched != null) {
                    forget(watched);
                }
                watched = new Watched<>(key, new ArrayList<>());
                directories.put(directory, watched);
            }
        } catch (IOException | ClosedWatchServiceException e) {
            return true; // gone already: its removal is an event of its parent
        }
        watched.interests().add(interest);
        if (interest.tree() != null) {
            treeDirectories.merge(interest.owner(), 1, Integer::sum);
        }
        return true;
    }

    /** Who is interested in {@code directory}. */
    synchronized List<Interest<T>> interests(Path directory) {
        Watched<T> watched = directories.get(directory);
        return watched == null ? List.of() : List.copyOf(watched.interests());
    }

    /** The directory of {@code key} is gone (deleted, or no longer readable): it is no longer watched. */
    synchronized void drop(Path directory, WatchKey key) {
        Watched<T> watched = directories.get(directory);
        if (watched != null && watched.key() == key) {
            directories.remove(directory);
            forget(watched);
        }
    }

    private void forget(Watched<T> watched) {
        watched.interests().stream().filter(interest -> interest.tree() != null)
                .forEach(interest -> treeDirectories.merge(interest.owner(), -1, Integer::sum));
    }

    synchronized Set<Path> paths() {
        return Set.copyOf(directories.keySet());
    }
}
