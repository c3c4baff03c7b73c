package dev.rt.kind.db.cli;

import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import dev.rt.kind.db.application.DbApplication;
import dev.rt.kind.db.application.DbSettings;
import dev.rt.kind.db.connect.Database;
import dev.rt.kind.db.migrate.MigrationSettings;
import dev.rt.kind.db.migrate.Migrator;
import dev.rt.kind.db.migrate.NewMigration;
import dev.rt.kind.db.types.TypesWriter;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rt db migrations create|apply}. */
@Command(name = "migrations", mixinStandardHelpOptions = true, description = "Create and apply SQL migrations.",
        subcommands = {MigrationsCommand.Create.class, MigrationsCommand.Apply.class})
final class MigrationsCommand {

    static MigrationSettings required(DbSettings settings) {
        return settings.migrations().orElseThrow(() -> KindException.at("/migrations",
                "Missing \"migrations\" section in config file; add one, for example \"migrations\": {\"dir\": \"migrations\"}"));
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Write the next pair of empty migration files, NNN.do.sql and NNN.undo.sql.")
    static final class Create extends DbCommand {
        @Override
        void run(ServiceConfigFile service, DbSettings settings, KindLog log) {
            MigrationSettings migrations = required(settings);
            try (Database database = Database.open(settings.connectionString(), owner(service), 1)) {
                NewMigration.create(migrations, new Migrator(database, migrations, log), settings.root(), log);
            }
        }
    }

    @Command(name = "apply", mixinStandardHelpOptions = true, description = "Apply the migrations in folder order,"
            + " up or down to a version (--to 000 rolls every one back).")
    static final class Apply extends DbCommand {
        @Option(names = {"-t", "--to"}, paramLabel = "<version>", description = "The version to migrate to.")
        String to;

        @Override
        void run(ServiceConfigFile service, DbSettings settings, KindLog log) {
            MigrationSettings migrations = required(settings);
            int applied;
            try (Database database = Database.open(settings.connectionString(), owner(service), 1)) {
                applied = new Migrator(database, migrations, log).apply(Optional.ofNullable(to));
            }
            if (applied > 0 || settings.autogenerateTypes()) {
                try (DbApplication app = DbApplication.inspect(settings, owner(service), log)) {
                    if (settings.autogenerateTypes()) {
                        TypesWriter.write(app.entities().model(), settings.typesDir(), false, log);
                    }
                }
            }
        }
    }
}
