package dev.rt.kind.db.migrate;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One migration file: {@code 002.do.sql} moves the schema up to version 2, {@code 002.undo.sql} back to 1. An
 * optional name may follow the action: {@code 002.do.add-ratings.sql}.
 */
public record MigrationFile(long version, boolean up, String name, Path path) {
    public MigrationFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
    }

    public String fileName() {
        return path.getFileName().toString();
    }

    /** The version written as in file names: at least three digits. */
    public static String pad(long version) {
        String digits = Long.toString(version);
        return digits.length() >= 3 ? digits : "0".repeat(3 - digits.length()) + digits;
    }
}
