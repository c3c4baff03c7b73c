package dev.rt.kind.db.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.connect.ConnectionString;
import dev.rt.kind.db.connect.Database;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.MovieSchema;
import dev.rt.kind.db.testing.RecordingLog;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@ExtendWith(TestDatabases.class)
class CatalogReaderTest {

    @ParameterizedTest
    @EnumSource(Engine.class)
    void readsTablesViewsKeysAndRelationsIntoOneModel(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        db.execute(MovieSchema.create(engine).toArray(String[]::new));
        try (Database database = Database.open(ConnectionString.parse(db.connectionString(), db.directory()),
                "the service \"catalog\"", 2)) {
            List<TableInfo> tables = CatalogReader.read(database.dataSource(), database.dialect());
            assertThat(tables).extracting(TableInfo::name)
                    .containsExactly("actors", "movies", "movies_actors", "notes", "quotes", "recent_movies");
            TableInfo movies = tables.get(1);
            assertThat(movies.primaryKey()).containsExactly("id");
            assertThat(movies.columns()).extracting(ColumnInfo::name)
                    .containsExactly("id", "title", "year", "rating", "released", "budget", "created_at", "updated_at");
            assertThat(movies.columns().get(0).nullable()).as("a primary key is never nullable").isFalse();
            assertThat(movies.columns().get(1).nullable()).isFalse();
            assertThat(movies.columns().get(2).nullable()).isTrue();
            assertThat(tables.get(4).foreignKeys()).containsExactly(new ForeignKeyInfo("movie_id", "movies", "id"));
            assertThat(tables.get(2).primaryKey()).containsExactly("movie_id", "actor_id");
            assertThat(tables.get(5).view()).isTrue();

            RecordingLog log = new RecordingLog();
            EntityModel model = EntityModelBuilder.build(tables, ModelSettings.DEFAULT, log);
            Entity movie = model.require("movie");
            assertThat(movie.name()).isEqualTo("Movie");
            assertThat(movie.pluralName()).isEqualTo("movies");
            assertThat(movie.fieldNames()).contains("createdAt", "updatedAt");
            assertThat(movie.require("createdAt").stamp()).isEqualTo(Field.Stamp.CREATED);
            assertThat(movie.require("id").writtenAsString()).isTrue();
            assertThat(movie.require("year").jsonType()).isEqualTo(JsonType.INTEGER);
            assertThat(movie.require("budget").jsonType()).isEqualTo(JsonType.STRING);
            assertThat(movie.require("createdAt").temporal()).isEqualTo(Temporal.TIMESTAMP);
            Entity quote = model.require("quote");
            assertThat(quote.relations()).containsExactly(new Relation("movieId", "movie", "id", "movie", "movie"));
            assertThat(quote.require("movieId").referencesKey()).isTrue();
            assertThat(model.referencing(movie)).extracting(ReverseRelation::path).containsExactly("moviesActors", "quotes");
            Entity join = model.require("moviesActor");
            assertThat(join.primaryKey()).containsExactly("movieId", "actorId");
            assertThat(model.require("recentMovie").readOnly()).isTrue();
            assertThat(model.require("note").readOnly()).isTrue();
            assertThat(log.warnings()).containsExactly("The table \"notes\" has no primary key: it is served read-only"
                    + " (add a primary key to write to it)");
        }
    }
}
