package dev.rt.kind.db.migrate;

import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code rt db migrations create}: the next pair of empty files, {@code NNN.do.sql} and {@code NNN.undo.sql}. */
public final class NewMigration {
    private NewMigration() {
    }

    /**
     * @param root the configuration file's directory, for the paths the log shows
     * @return the two files written
     */
    public static List<Path> create(MigrationSettings settings, Migrator migrator, Path root, KindLog log) {
        Path dir = settings.dir();
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
                log.info("Created migrations directory " + root.relativize(dir) + ".");
            }
            String version = MigrationFile.pad(migrator.nextVersion());
            Path up = dir.resolve(version + ".do.sql");
            Path down = dir.resolve(version + ".undo.sql");
            Files.writeString(up, "", java.nio.file.StandardOpenOption.CREATE_NEW);
            Files.writeString(down, "", java.nio.file.StandardOpenOption.CREATE_NEW);
            log.info("Created migration files " + root.relativize(up) + " and " + root.relativize(down) + ".");
            return List.of(up, down);
        } catch (IOException e) {
            throw new KindException("cannot write a migration in " + dir + ": " + e);
        }
    }
}
