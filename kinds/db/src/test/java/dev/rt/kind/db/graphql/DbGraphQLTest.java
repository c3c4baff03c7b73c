package dev.rt.kind.db.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.testing.CountingDataSource;
import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@ExtendWith(TestDatabases.class)
class DbGraphQLTest {

    private record Api(DbFixture fixture, CountingDataSource counter, DbGraphQL graphql) implements AutoCloseable {
        @SuppressWarnings("unchecked")
        Map<String, Object> data(String query) {
            Map<String, Object> answer = graphql.execute(query, Map.of());
            assertThat(answer).as(query).doesNotContainKey("errors");
            return (Map<String, Object>) answer.get("data");
        }

        @Override
        public void close() {
            fixture.close();
        }
    }

    private static Api api(Engine engine) {
        DbFixture fixture = DbFixture.movies(engine);
        Entities plain = fixture.entities();
        CountingDataSource counter = new CountingDataSource(plain.dataSource());
        Entities counted = new Entities(plain.model(), counter, plain.dialect(), plain.limits());
        return new Api(fixture, counter, new DbGraphQL(counted));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void queriesListsOneRowAndCounts(Engine engine) {
        try (Api api = api(engine)) {
            Map<String, Object> data = api.data("{ movies(where: {year: {gte: 1980}}, orderBy: [{field: year, direction: DESC}])"
                    + " { id title year } getMovieById(id: 1) { id title } countMovies(where: {year: {lt: 2000}}) { total } }");
            assertThat(data.get("movies")).isEqualTo(List.of(Map.of("id", "3", "title", "Prometheus", "year", 2012),
                    Map.of("id", "2", "title", "Aliens", "year", 1986)));
            assertThat(data.get("getMovieById")).isEqualTo(Map.of("id", "1", "title", "Alien"));
            assertThat(data.get("countMovies")).isEqualTo(Map.of("total", 2));
            assertThat(api.data("{ getMovieById(id: 99) { id } }").get("getMovieById")).isNull();
            assertThat(api.data("{ movies(where: {or: [{title: {eq: \"Alien\"}}, {year: {in: [2012]}}]}, limit: 1, offset: 1)"
                    + " { title } }").get("movies")).isEqualTo(List.of(Map.of("title", "Prometheus")));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void loadsNestedRelationsInBatchesNotOneQueryPerRow(Engine engine) {
        try (Api api = api(engine)) {
            for (int i = 0; i < 20; i++) {
                api.data("mutation { saveQuote(input: {quote: \"q" + i + "\", movieId: " + (1 + i % 3) + "}) { id } }");
            }
            api.counter().reset();
            Map<String, Object> data = api.data("{ quotes(limit: 100) { id movie { title quotes(limit: 2) { id } } } }");
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> quotes = (List<Map<String, Object>>) data.get("quotes");
            assertThat(quotes).hasSize(23);
            @SuppressWarnings("unchecked")
            Map<String, Object> movie = (Map<String, Object>) quotes.get(0).get("movie");
            assertThat(movie.get("title")).isEqualTo("Alien");
            assertThat((List<?>) movie.get("quotes")).hasSize(2);
            assertThat(api.counter().statements()).as("quotes, their movies, the movies' quotes").isEqualTo(3);

            api.counter().reset();
            api.data("{ movies { title quotes { quote movie { title } } } }");
            assertThat(api.counter().statements()).isEqualTo(3);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void savesInsertsAndDeletes(Engine engine) {
        try (Api api = api(engine)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> saved = (Map<String, Object>) api.data(
                    "mutation { saveMovie(input: {title: \"Covenant\", year: 2017}) { id title year createdAt } }").get("saveMovie");
            assertThat(saved).containsEntry("id", "4").containsEntry("year", 2017);
            assertThat((String) saved.get("createdAt")).endsWith("Z");
            assertThat(api.data("mutation { saveMovie(input: {id: 4, title: \"Alien: Covenant\"}) { id title year } }")
                    .get("saveMovie")).isEqualTo(Map.of("id", "4", "title", "Alien: Covenant", "year", 2017));
            assertThat(api.data("mutation { insertMovies(inputs: [{title: \"A\"}, {title: \"B\"}]) { id title } }")
                    .get("insertMovies")).isEqualTo(List.of(Map.of("id", "5", "title", "A"), Map.of("id", "6", "title", "B")));
            assertThat(api.data("mutation { deleteMovies(where: {title: {in: [\"A\", \"B\"]}}) { title } }")
                    .get("deleteMovies")).asList().hasSize(2);
            assertThat(api.data("{ countMovies { total } }").get("countMovies")).isEqualTo(Map.of("total", 4));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void answersErrorsWithTheirMessageAndBindsHostileArguments(Engine engine) {
        try (Api api = api(engine)) {
            Map<String, Object> tooMany = api.graphql().execute("{ movies(limit: 1000) { id } }", Map.of());
            assertThat(tooMany.toString()).contains("Param limit=1000 not allowed. Max accepted value 100.");
            assertThat(((Map<?, ?>) tooMany.get("data")).get("movies")).isNull();
            Map<String, Object> unknown = api.graphql().execute("{ movies { nope } }", Map.of());
            assertThat(unknown.toString()).contains("Field 'nope' in type 'Movie' is undefined");
            for (String hostile : dev.rt.kind.db.rest.HostileValues.LIST) {
                Map<String, Object> answer = api.graphql().execute(
                        "query($v: String) { movies(where: {title: {eq: $v}}) { id } countMovies(where: {title: {like: $v}}) { total } }",
                        Map.of("v", hostile));
                assertThat(answer).as(hostile).doesNotContainKey("errors");
                assertThat(((Map<?, ?>) answer.get("data")).get("movies")).isEqualTo(List.of());
            }
            assertThat(api.data("{ countMovies { total } }").get("countMovies")).isEqualTo(Map.of("total", 3));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    @SuppressWarnings("unchecked")
    void aBrokenConstraintIsTheFieldsErrorWithAStableCodeAndTheRestOfTheDataStays(Engine engine) {
        try (DbFixture fixture = DbFixture.moviesAndTags(engine)) {
            DbGraphQL graphql = new DbGraphQL(fixture.entities());
            Map<String, Object> missing = graphql.execute("mutation { saveQuote(input: {quote: \"x\", movieId: 999})"
                    + " { id } }", Map.of());
            assertThat(missing.get("data")).isEqualTo(Collections.singletonMap("saveQuote", null));
            Map<String, Object> error = ((List<Map<String, Object>>) missing.get("errors")).get(0);
            assertThat(error).containsEntry("message", "the movie that quote.movieId refers to does not exist")
                    .containsEntry("path", List.of("saveQuote"));
            assertThat((Map<String, Object>) error.get("extensions")).containsEntry("code", "RT_DB_CONSTRAINT_FOREIGNKEY")
                    .containsEntry("statusCode", 409);

            Map<String, Object> referenced = graphql.execute("mutation { deleteMovies(where: {id: {eq: 3}}) { id } }",
                    Map.of());
            assertThat(referenced.get("data")).isEqualTo(Collections.singletonMap("deleteMovies", null));
            assertThat(referenced.toString()).contains("the movie is still referenced by moviesActor.movieId",
                    "RT_DB_CONSTRAINT_FOREIGNKEY");

            Map<String, Object> nameless = graphql.execute("mutation { saveTag(input: {weight: 2}) { id } }", Map.of());
            assertThat(nameless.toString()).contains("tag.name cannot be null", "RT_DB_CONSTRAINT_NOTNULL",
                    "statusCode=400");
            Map<String, Object> duplicate = graphql.execute("mutation { insertTags(inputs: [{name: \"gore\"},"
                    + " {name: \"horror\"}]) { id } }", Map.of());
            assertThat(duplicate.get("data")).isEqualTo(Collections.singletonMap("insertTags", null));
            assertThat(duplicate.toString()).contains("RT_DB_CONSTRAINT_UNIQUE", "statusCode=409")
                    .doesNotContain("SQLITE_", "(conn=", "ERROR:");
            assertThat(((Map<String, Object>) graphql.execute("{ countTags { total } }", Map.of()).get("data"))
                    .get("countTags")).as("the batch rolled back").isEqualTo(Map.of("total", 1));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void describesTheSchemaInSdl(Engine engine) {
        try (Api api = api(engine)) {
            String sdl = api.graphql().sdl();
            assertThat(sdl).contains("type Query {", "getMovieById(id: ID!): Movie",
                    "movies(limit: LimitInt, offset: Int, orderBy: [MovieOrderByArguments], where: MovieWhereArguments): [Movie]",
                    "countMovies(where: MovieWhereArguments): moviesCount", "saveMovie(input: MovieInput!): Movie",
                    "insertMovies(inputs: [MovieInput]!): [Movie]", "deleteMovies(where: MovieWhereArguments): [Movie]",
                    "type Quote {", "movie: Movie", "input MovieWhereArgumentsid {", "enum OrderByDirection {",
                    "getMoviesActorByMovieIdAndActorId(movieId: ID!, actorId: ID!): MoviesActor", "scalar DateTime")
                    .doesNotContain("saveRecentMovie", "saveNote");
            // as the reference: a table with a composite key (a join table) gets no reverse field on the tables it
            // points at; REST has /movies/:id/moviesActors, GraphQL reaches it from moviesActors' own list
            String movie = sdl.substring(sdl.indexOf("type Movie {"), sdl.indexOf("}", sdl.indexOf("type Movie {")));
            assertThat(movie).contains("quotes").doesNotContain("moviesActors");
        }
    }
}
