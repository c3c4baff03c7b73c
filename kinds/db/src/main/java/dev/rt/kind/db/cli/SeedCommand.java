package dev.rt.kind.db.cli;

import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import dev.rt.kind.db.application.DbApplication;
import dev.rt.kind.db.application.DbSettings;
import dev.rt.kind.db.connect.Database;
import dev.rt.kind.db.migrate.Migrator;
import dev.rt.kind.db.seed.SeedRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code rt db seed <file>}. */
@Command(name = "seed", mixinStandardHelpOptions = true, description = "Run a Java seed file against the database:"
        + " its class's public static void seed(Entities entities, DataSource db, KindLog logger).")
final class SeedCommand extends DbCommand {
    @Parameters(index = "0", paramLabel = "<file>", description = "The seed file, relative to the configuration file"
            + " (or, when it is not there, to the current directory).")
    Path file;

    @Override
    void run(ServiceConfigFile service, DbSettings settings, KindLog log) {
        if (settings.migrations().isPresent()) {
            try (Database database = Database.open(settings.connectionString(), owner(service), 1)) {
                if (new Migrator(database, settings.migrations().get(), log).pending()) {
                    throw new KindException("You must apply migrations before seeding the database.");
                }
            }
        }
        try (DbApplication app = DbApplication.inspect(settings, owner(service), log)) {
            SeedRunner.run(seedFile(settings.root()), app.entities().system(), log); // a seed has every right
        }
    }

    /** The file beside the configuration, else the one the path names from the current directory, if it is there. */
    private Path seedFile(Path root) {
        Path besideConfiguration = root.resolve(file).normalize();
        Path fromHere = Path.of("").toAbsolutePath().resolve(file).normalize();
        return Files.exists(besideConfiguration) || !Files.exists(fromHere) ? besideConfiguration : fromHere;
    }
}
