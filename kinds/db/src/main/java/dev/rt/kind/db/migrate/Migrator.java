package dev.rt.kind.db.migrate;

import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import dev.rt.kind.db.connect.Database;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Moves a database's schema to a version: up through the {@code do} files after the current version, or down through
 * the {@code undo} files of the versions above the target, one file at a time, each recorded in the versions table.
 * Each file runs in a transaction with its record, so a failing one leaves nothing behind; the MySQL family commits
 * at each schema change, and the error then says how far the file got. Appliers of one database take turns file by
 * file: one that finds the version moved under the lock plans again from where the database is.
 */
public final class Migrator {
    private final Database database;
    private final MigrationSettings settings;
    private final KindLog log;
    private final VersionsTable versions;

    public Migrator(Database database, MigrationSettings settings, KindLog log) {
        this.database = database;
        this.settings = settings;
        this.log = log;
        this.versions = new VersionsTable(settings.table(), database.dialect());
    }

    /**
     * Applies migrations up to {@code to} (a version such as {@code 002}; {@code 000} rolls everything back),
     * or to the highest version when empty.
     *
     * @return how many files ran
     * @throws KindException naming the file, the line and the database's message when a migration fails, or what
     *                       is wrong with {@code to} or a changed file
     */
    public int apply(Optional<String> to) {
        MigrationFolder folder = MigrationFolder.read(settings);
        if (folder.files().isEmpty()) {
            log.warn("No migration files in " + settings.dir());
        }
        long target = target(to, folder);
        try (Connection connection = database.dataSource().getConnection()) {
            versions.ensure(connection);
            long current = versions.current(connection);
            if (settings.validateChecksums() && target >= current) {
                verify(connection, folder, current);
            }
            MigrationRun run = new MigrationRun(database.dialect(), versions, folder, log);
            int ran = 0;
            for (List<MigrationFile> plan = plan(folder, current, target); !plan.isEmpty();
                    plan = plan(folder, current, target)) {
                MigrationFile file = plan.get(0);
                if (run.run(connection, file, current)) {
                    ran++;
                } else {
                    log.info("another process migrated the database meanwhile: planning again from its version");
                }
                current = versions.current(connection);
            }
            return ran;
        } catch (SQLException e) {
            throw new KindException("cannot migrate the database " + database.connectionString() + ": "
                    + database.connectionString().maskIn(e.getMessage()), e);
        }
    }

    /** The version the database is at. */
    public long currentVersion() {
        try (Connection connection = database.dataSource().getConnection()) {
            return versions.current(connection);
        } catch (SQLException e) {
            throw new KindException("cannot read the migrations table " + settings.table() + ": " + e.getMessage(), e);
        }
    }

    /** Whether a migration file has a version above the database's. */
    public boolean pending() {
        return MigrationFolder.read(settings).maxVersion() > currentVersion();
    }

    /** The version the next migration file takes: one above every file and the database's version. */
    public long nextVersion() {
        long files = java.nio.file.Files.isDirectory(settings.dir()) ? MigrationFolder.read(settings).maxVersion() : 0;
        return Math.max(files, currentVersion()) + 1;
    }

    private static long target(Optional<String> to, MigrationFolder folder) {
        String text = to.map(String::trim).orElse("");
        if (text.isEmpty() || text.equalsIgnoreCase("max")) {
            return folder.maxVersion();
        }
        if (!text.matches("\\d{1,18}")) {
            throw new KindException("--to expects a migration version such as 002 (000 rolls every migration back),"
                    + " found \"" + text + "\"");
        }
        long version = Long.parseLong(text);
        if (version != 0 && folder.up(version).isEmpty()) {
            List<String> known = folder.files().stream().filter(MigrationFile::up)
                    .map(f -> MigrationFile.pad(f.version())).toList();
            throw new KindException("there is no migration " + MigrationFile.pad(version) + " in " + folder.files()
                    .stream().findFirst().map(f -> f.path().getParent().toString()).orElse("the migrations directory")
                    + "; the versions are " + (known.isEmpty() ? "none" : String.join(", ", known))
                    + " (000 rolls every migration back)");
        }
        return version;
    }

    private void verify(Connection connection, MigrationFolder folder, long current) throws SQLException {
        for (MigrationFile file : folder.files()) {
            if (!file.up() || file.version() == 0 || file.version() > current) {
                continue;
            }
            log.info("verifying checksum of migration " + file.fileName());
            Optional<String> recorded = versions.checksum(connection, file.version());
            String actual = folder.checksum(file);
            if (recorded.isPresent() && !recorded.get().equals(actual)) {
                throw new KindException("MD5 checksum failed for migration [" + file.version() + "]: "
                        + file.fileName() + " changed after it was applied (its checksum is " + actual
                        + ", the table " + settings.table() + " holds " + recorded.get() + "); restore the file, or roll"
                        + " it back and apply it again, or set migrations.validateChecksums to false");
            }
        }
    }

    private static List<MigrationFile> plan(MigrationFolder folder, long current, long target) {
        List<MigrationFile> plan = new ArrayList<>();
        if (target >= current) {
            folder.files().stream().filter(f -> f.up() && f.version() > current && f.version() <= target)
                    .sorted(Comparator.comparingLong(MigrationFile::version)).forEach(plan::add);
            return plan;
        }
        List<Long> applied = folder.files().stream().filter(MigrationFile::up).map(MigrationFile::version)
                .filter(v -> v > target && v <= current).distinct().sorted(Comparator.reverseOrder()).toList();
        for (long version : applied) {
            plan.add(folder.down(version).orElseThrow(() -> new KindException("cannot roll back version "
                    + MigrationFile.pad(version) + ": " + MigrationFile.pad(version) + ".undo.sql is missing from "
                    + folder.up(version).map(f -> f.path().getParent().toString()).orElse("the migrations directory"))));
        }
        return plan;
    }
}
