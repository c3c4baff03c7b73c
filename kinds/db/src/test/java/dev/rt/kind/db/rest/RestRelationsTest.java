package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Relation routes from both ends of a foreign key. */
@ExtendWith(TestDatabases.class)
class RestRelationsTest {

    @AfterAll
    static void close() {
        RestListTest.close();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void followsForeignKeysBothWays(Engine engine) {
        RestClient client = RestListTest.client(engine);
        RestClient.Answer quotes = client.get("/movies/2/quotes?fields=quote&totalCount=true&limit=1");
        assertThat(quotes.status()).isEqualTo(200);
        assertThat(quotes.list()).hasSize(1);
        assertThat(quotes.headers()).containsEntry("X-Total-Count", "2");
        assertThat(client.get("/movies/3/quotes").list()).isEmpty();
        assertThat(client.get("/movies/1/quotes").list()).containsExactly(
                Map.of("id", "1", "quote", "In space no one can hear you scream.", "movieId", "1"));
        assertThat(client.get("/quotes/2/movie?fields=title").object()).isEqualTo(Map.of("title", "Aliens"));
        assertThat(client.get("/movies/1/moviesActors").list()).containsExactly(Map.of("movieId", "1", "actorId", "1"));
        assertThat(client.get("/actors/1/moviesActors?offset=1").list()).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void namesEveryRouteWithItsOperationId(Engine engine) {
        assertThat(RestRoutes.of(RestListTest.entities(engine)).stream()
                .map(r -> r.method() + " " + r.openApiPath() + " " + r.operationId().orElse("-")))
                .contains("GET /movies/ getMovies", "POST /movies/ createMovie", "PUT /movies/ updateMovies",
                        "GET /movies/{id} getMovieById", "PUT /movies/{id} updateMovie", "DELETE /movies/{id} deleteMovies",
                        "GET /movies/{id}/quotes getQuotesForMovie", "GET /quotes/{id}/movie getMovieForQuote",
                        "GET /movies/{id}/moviesActors getMoviesActorsForMovie",
                        "GET /moviesActors/movie/{movieId}/actor/{actorId} getMoviesActorByMovieIdAndActorId",
                        "PUT /moviesActors/movie/{movieId}/actor/{actorId} -", "GET /recentMovies/ getRecentMovies")
                .doesNotContain("POST /recentMovies/ createRecentMovie", "POST /notes/ createNote");
    }
}
