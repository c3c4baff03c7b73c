package dev.rt.cli.project;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The files of a project to write, by relative path ({@code /} separated), in the order they were added. */
public final class ProjectTree {
    /** One file: its bytes, and whether it is a script to make executable. */
    public record Entry(String path, byte[] content, boolean executable) {
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();

    /** Adds a text file (UTF-8). */
    public ProjectTree add(String path, String text, boolean executable) {
        return add(path, text.getBytes(StandardCharsets.UTF_8), executable);
    }

    public ProjectTree add(String path, byte[] content, boolean executable) {
        if (path.startsWith("/") || path.contains("..") || path.isBlank()) {
            throw new IllegalArgumentException("a project file's path must be relative and inside it: " + path);
        }
        if (entries.putIfAbsent(path, new Entry(path, content.clone(), executable)) != null) {
            throw new IllegalStateException("two files of the project at " + path);
        }
        return this;
    }

    public ProjectTree addAll(ProjectTree other) {
        other.entries().forEach(entry -> add(entry.path(), entry.content(), entry.executable()));
        return this;
    }

    public List<Entry> entries() {
        return new ArrayList<>(entries.values());
    }

    public boolean contains(String path) {
        return entries.containsKey(path);
    }
}
