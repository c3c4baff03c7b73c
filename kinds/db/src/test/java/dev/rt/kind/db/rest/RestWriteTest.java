package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Create, update (one by key, many by where), delete, and the join table's routes, each on a fresh database. */
@ExtendWith(TestDatabases.class)
class RestWriteTest {

    @ParameterizedTest
    @EnumSource(Engine.class)
    void createsWithLocationTimestampsAndTheFieldsAskedFor(Engine engine) {
        try (DbFixture fixture = DbFixture.movies(engine)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            RestClient.Answer created = client.post("/movies", "{\"title\":\"Alien 3\",\"year\":\"1992\",\"rating\":6.4}");
            assertThat(created.status()).as(String.valueOf(created.body())).isEqualTo(200);
            assertThat(created.headers()).containsEntry("location", "/movies/4");
            assertThat(created.object()).containsEntry("id", "4").containsEntry("title", "Alien 3")
                    .containsEntry("year", 1992).containsEntry("rating", 6.4);
            assertThat((String) created.object().get("createdAt")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
            assertThat(created.object().get("updatedAt")).isEqualTo(created.object().get("createdAt"));

            RestClient.Answer partial = client.post("/movies?fields=title", "{\"title\":\"Resurrection\"}");
            assertThat(partial.object()).isEqualTo(Map.of("title", "Resurrection"));
            assertThat(partial.headers()).containsEntry("location", "/movies/5");
            assertThat(client.get("/movies/5").object()).containsEntry("title", "Resurrection");
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void refusesBodiesThatAreNotMovies(Engine engine) {
        try (DbFixture fixture = DbFixture.movies(engine)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            assertThat(client.post("/movies", "{\"title\":\"X\",\"bogus\":1}").message())
                    .startsWith("body/bogus is not a field of Movie; its fields are id, title");
            assertThat(client.post("/movies", "{\"year\":1}").message()).isEqualTo("body must have required property 'title'");
            assertThat(client.post("/movies", "{\"title\":\"Y\",\"year\":\"abc\"}").message())
                    .isEqualTo("body/year must be integer");
            assertThat(client.post("/movies", "{\"title\":null}").message()).isEqualTo("body/title must be string");
            assertThat(client.post("/movies", "[1]").message()).isEqualTo("body must be object");
            assertThat(client.post("/movies", "{\"title\":{\"a\":1}}").message()).isEqualTo("body/title must be string");
            assertThat(client.put("/movies/1", "{\"year\":2}").message()).isEqualTo("body must have required property 'title'");
            assertThat(client.get("/movies?totalCount=true&limit=100").headers()).containsEntry("X-Total-Count", "3");
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void updatesOneByKeyAndInsertsWhenTheKeyIsNew(Engine engine) {
        try (DbFixture fixture = DbFixture.movies(engine)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            RestClient.Answer updated = client.put("/movies/2", "{\"title\":\"Aliens (1986)\",\"year\":null}");
            assertThat(updated.status()).as(String.valueOf(updated.body())).isEqualTo(200);
            assertThat(updated.headers()).containsEntry("location", "/movies/2");
            assertThat(updated.object()).containsEntry("id", "2").containsEntry("title", "Aliens (1986)")
                    .containsEntry("year", null).containsEntry("rating", 8.4).containsEntry("createdAt", null);
            assertThat(updated.object().get("updatedAt")).isNotNull();
            RestClient.Answer inserted = client.put("/movies/40?fields=id,title", "{\"title\":\"New\"}");
            assertThat(inserted.object()).isEqualTo(Map.of("id", "40", "title", "New"));
            assertThat(client.get("/movies/40").object().get("createdAt")).isNotNull();
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void updatesManyByWhereAndDeletesByKey(Engine engine) {
        try (DbFixture fixture = DbFixture.movies(engine)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            RestClient.Answer updated = client.put("/movies?where.year.lt=2000&fields=id,title,rating",
                    "{\"title\":\"Classic\",\"rating\":9}");
            assertThat(updated.status()).as(String.valueOf(updated.body())).isEqualTo(200);
            assertThat(updated.headers()).containsEntry("location", "/movies");
            assertThat(updated.list()).containsExactlyInAnyOrder(Map.of("id", "1", "title", "Classic", "rating", 9.0),
                    Map.of("id", "2", "title", "Classic", "rating", 9.0));
            RestClient.Answer everything = client.put("/movies", "{\"title\":\"All\"}");
            assertThat(everything.status()).isEqualTo(400);
            assertThat(everything.object()).containsEntry("code", "PLT_SQL_MAPPER_MISSING_WHERE_CLAUSE");
            assertThat(client.get("/movies/3").object()).containsEntry("title", "Prometheus");

            client.post("/movies", "{\"title\":\"Doomed\",\"year\":2030}");
            RestClient.Answer deleted = client.delete("/movies/4?fields=id,title");
            assertThat(deleted.object()).isEqualTo(Map.of("id", "4", "title", "Doomed"));
            assertThat(client.get("/movies/4").status()).isEqualTo(404);
            assertThat(client.delete("/movies/4").status()).isEqualTo(404);
            RestClient.Answer referenced = client.delete("/movies/1");
            assertThat(referenced.status()).as("a movie its quotes refer to").isEqualTo(409);
            assertThat(client.get("/movies/1").status()).isEqualTo(200);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void servesTheJoinTableByItsCompositeKey(Engine engine) {
        try (DbFixture fixture = DbFixture.movies(engine)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            assertThat(client.get("/moviesActors/movie/1/actor/1").object()).isEqualTo(Map.of("movieId", "1", "actorId", "1"));
            RestClient.Answer created = client.post("/moviesActors", "{\"movieId\":3,\"actorId\":1}");
            assertThat(created.status()).as(String.valueOf(created.body())).isEqualTo(200);
            assertThat(created.headers()).containsEntry("location", "/moviesActors/movie/3/actor/1");
            RestClient.Answer put = client.put("/moviesActors/movie/2/actor/2", "{}");
            assertThat(put.object()).isEqualTo(Map.of("movieId", "2", "actorId", "2"));
            assertThat(put.headers()).containsEntry("location", "/moviesActors/movie/2/actor/2");
            assertThat(client.get("/moviesActors?where.actorId.eq=1&orderby.movieId=asc").list())
                    .extracting(r -> r.get("movieId")).containsExactly("1", "2", "3");
            assertThat(client.delete("/moviesActors/movie/2/actor/2").object()).isEqualTo(Map.of("movieId", "2", "actorId", "2"));
            assertThat(client.get("/moviesActors/movie/2/actor/2").status()).isEqualTo(404);
            assertThat(client.get("/actors/1/moviesActors").list()).hasSize(3);
        }
    }
}
