package dev.rt.kind.db.cli;

import dev.rt.kind.KindLog;
import dev.rt.kind.db.application.DbApplication;
import dev.rt.kind.db.application.DbSettings;
import dev.rt.kind.db.types.TypesWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rt db types}. */
@Command(name = "types", mixinStandardHelpOptions = true, description = "Generate a Java record per entity and an"
        + " index, in types.dir (default types/).")
final class TypesCommand extends DbCommand {
    @Option(names = "--typescript", description = "Also write TypeScript declarations, for a frontend.")
    boolean typescript;

    @Override
    void run(ServiceConfigFile service, DbSettings settings, KindLog log) {
        try (DbApplication app = DbApplication.inspect(settings, owner(service), log)) {
            TypesWriter.write(app.entities().model(), settings.typesDir(), typescript, log);
        }
    }
}
