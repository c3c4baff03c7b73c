package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A write that breaks a constraint is a 4xx with a stable code and a message in the entities' words, naming the
 * relation of a foreign key, on each database; never a 500, never the driver's prefixes.
 */
@ExtendWith(TestDatabases.class)
class RestConstraintsTest {

    private static void refused(RestClient.Answer answer, int status, String code, String message) {
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(status);
        assertThat(answer.object()).containsEntry("statusCode", status).containsEntry("code", code);
        assertThat(answer.message()).isEqualTo(message);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aForeignKeyBrokenEitherWayIsA409NamingTheRelation(Engine engine) {
        try (DbFixture fixture = DbFixture.moviesAndTags(engine)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            String missing = "the movie that quote.movieId refers to does not exist";
            refused(client.post("/quotes", "{\"quote\":\"Nope\",\"movieId\":999}"), 409, "RT_DB_CONSTRAINT_FOREIGNKEY",
                    missing);
            refused(client.put("/quotes/1", "{\"quote\":\"q\",\"movieId\":999}"), 409, "RT_DB_CONSTRAINT_FOREIGNKEY", missing);
            refused(client.put("/quotes?where.id.eq=1", "{\"quote\":\"q\",\"movieId\":999}"), 409, "RT_DB_CONSTRAINT_FOREIGNKEY",
                    missing);
            String referenced = engine == Engine.SQLITE // SQLite does not say which key held the row: either
                    ? "the movie is still referenced by moviesActor.movieId or quote.movieId"
                    : "the movie is still referenced by moviesActor.movieId";
            refused(client.delete("/movies/3"), 409, "RT_DB_CONSTRAINT_FOREIGNKEY", referenced);
            refused(client.put("/movies?where.id.eq=3", "{\"id\":50,\"title\":\"Prometheus\"}"), 409,
                    "RT_DB_CONSTRAINT_FOREIGNKEY", referenced);
            assertThat(client.get("/movies/3").status()).as("the movie is still there").isEqualTo(200);
            assertThat(client.get("/quotes/1").object()).containsEntry("movieId", "1");
            assertThat(client.get("/quotes?where.quote.eq=Nope").list()).isEmpty();

            RestClient.Answer twoKeys = client.post("/moviesActors", "{\"movieId\":1,\"actorId\":999}");
            refused(twoKeys, 409, "RT_DB_CONSTRAINT_FOREIGNKEY", engine == Engine.SQLITE
                    ? "a row that moviesActor.movieId or moviesActor.actorId refers to does not exist"
                    : "the actor that moviesActor.actorId refers to does not exist");
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void otherConstraintsAreStable4xxsInTheEntitiesWords(Engine engine) {
        try (DbFixture fixture = DbFixture.moviesAndTags(engine)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            refused(client.post("/tags", "{\"name\":\"horror\",\"weight\":1}"), 409, "RT_DB_CONSTRAINT_UNIQUE",
                    engine == Engine.MARIADB ? "a tag with the same tags_name (a unique key) already exists"
                            : "a tag with this name already exists");
            refused(client.post("/tags", "{\"name\":\"light\",\"weight\":0}"), 400, "RT_DB_CONSTRAINT_CHECK",
                    "the tag does not pass the check tags_weight_positive");
            assertThat(client.get("/tags").list()).hasSize(1);
        }
    }
}
