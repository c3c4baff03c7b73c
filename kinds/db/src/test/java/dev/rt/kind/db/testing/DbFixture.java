package dev.rt.kind.db.testing;

import dev.rt.kind.db.connect.ConnectionString;
import dev.rt.kind.db.connect.Database;
import dev.rt.kind.db.model.CatalogReader;
import dev.rt.kind.db.model.EntityModel;
import dev.rt.kind.db.model.EntityModelBuilder;
import dev.rt.kind.db.model.ModelSettings;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.Limits;
import java.sql.SQLException;
import java.util.List;

/** A fresh database with a schema and rows, opened, read and ready to query through the kind's layers. */
public final class DbFixture implements AutoCloseable {
    private final TestDatabase database;
    private final Database opened;
    private final Entities entities;
    private final RecordingLog log = new RecordingLog();

    private DbFixture(TestDatabase database, List<String> statements, ModelSettings settings, Limits limits) {
        this.database = database;
        database.execute(statements.toArray(String[]::new));
        this.opened = Database.open(ConnectionString.parse(database.connectionString(), database.directory()),
                "the service \"test\"", 4);
        try {
            EntityModel model = EntityModelBuilder.build(CatalogReader.read(opened.dataSource(), opened.dialect()),
                    settings, log);
            this.entities = new Entities(model, opened.dataSource(), opened.readers(), opened.dialect(), limits);
        } catch (SQLException e) {
            opened.close();
            throw new IllegalStateException(e);
        }
    }

    /** The movie schema with its rows. */
    public static DbFixture movies(Engine engine) {
        List<String> statements = new java.util.ArrayList<>(MovieSchema.create(engine));
        statements.addAll(MovieSchema.rows());
        return new DbFixture(TestDatabases.fresh(engine), statements, ModelSettings.DEFAULT, Limits.DEFAULT);
    }

    /** The movie schema with its rows, and tags: a unique name, a NOT NULL column and a CHECK. */
    public static DbFixture moviesAndTags(Engine engine) {
        List<String> statements = new java.util.ArrayList<>(MovieSchema.create(engine));
        statements.addAll(MovieSchema.rows());
        String id = engine == Engine.SQLITE ? "INTEGER PRIMARY KEY" : engine == Engine.POSTGRES ? "SERIAL PRIMARY KEY"
                : "INT AUTO_INCREMENT PRIMARY KEY";
        statements.add("CREATE TABLE tags (id " + id + ", name VARCHAR(20) NOT NULL, weight INTEGER,"
                + " CONSTRAINT tags_weight_positive CHECK (weight > 0))");
        statements.add("CREATE UNIQUE INDEX tags_name ON tags (name)");
        statements.add("INSERT INTO tags (name, weight) VALUES ('horror', 3)");
        return new DbFixture(TestDatabases.fresh(engine), statements, ModelSettings.DEFAULT, Limits.DEFAULT);
    }

    public static DbFixture of(Engine engine, List<String> statements, ModelSettings settings, Limits limits) {
        return new DbFixture(TestDatabases.fresh(engine), statements, settings, limits);
    }

    public TestDatabase database() {
        return database;
    }

    public Database opened() {
        return opened;
    }

    public Entities entities() {
        return entities;
    }

    public RecordingLog log() {
        return log;
    }

    @Override
    public void close() {
        opened.close();
    }
}
