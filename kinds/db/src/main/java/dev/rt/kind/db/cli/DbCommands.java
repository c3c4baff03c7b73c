package dev.rt.kind.db.cli;

import java.util.List;

/** The commands the db kind brings to the CLI: {@code rt db migrations|seed|types|schema}. */
public final class DbCommands {
    private DbCommands() {
    }

    public static List<Object> all() {
        return List.of(new MigrationsCommand(), new SeedCommand(), new TypesCommand(), new SchemaCommand());
    }
}
