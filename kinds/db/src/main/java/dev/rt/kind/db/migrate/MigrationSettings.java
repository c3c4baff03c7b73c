package dev.rt.kind.db.migrate;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code migrations} section.
 *
 * @param dir               the folder of {@code NNN.do.sql} and {@code NNN.undo.sql} files, absolute
 * @param table             the table that records the applied versions
 * @param newline           {@code LF}, {@code CR} or {@code CRLF}: line endings are normalised to it before a
 *                          checksum is taken, so that a checkout's line endings do not change it
 */
public record MigrationSettings(Path dir, String table, boolean autoApply, boolean validateChecksums,
        Optional<String> newline) {
    public MigrationSettings {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(newline, "newline");
    }
}
