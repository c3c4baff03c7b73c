package dev.rt.kind.db.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A db service started by {@code rt start} from the distribution, on one engine, talked to through rt's entrypoint as
 * a client would: every route family, the user's plugin beside them, GraphQL with nested relations, the
 * GraphQL-over-HTTP contract and broken constraints as clients see them. The OpenAPI document, GraphiQL and a reload
 * are in {@link DocumentsTests}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
abstract class CatalogTests {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String GRAPHQL_RESPONSE = "application/graphql-response+json";

    Catalog catalog;
    Rt rt;

    abstract Engine engine();

    @BeforeAll
    void start() throws Exception {
        catalog = Catalog.of(engine());
        rt = Rt.start(catalog.runtime()).awaitListening();
    }

    @AfterAll
    void stop() throws Exception {
        if (rt != null) {
            rt.close();
        }
    }

    static JsonNode json(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    @Test
    void migrationsRanAtStartAndTheirRowsAreServed() throws Exception {
        rt.awaitOutput("running 001.do.sql"); // the worker's lines, which may reach rt's log after it listens
        rt.awaitOutput("running 002.do.sql");
        HttpResponse<String> movies = rt.get("/movies?orderby.id=asc&fields=id,title&where.id.lte=3");
        assertThat(movies.statusCode()).isEqualTo(200);
        assertThat(movies.headers().firstValue("content-type")).contains("application/json; charset=utf-8");
        assertThat(json(movies)).isEqualTo(JSON.readTree("[{\"id\":\"1\",\"title\":\"Alien\"},"
                + "{\"id\":\"2\",\"title\":\"Aliens\"},{\"id\":\"3\",\"title\":\"Prometheus\"}]"));
    }

    @Test
    void listsFilterOrderPageAndCount() throws Exception {
        HttpResponse<String> page = rt.get("/movies?where.year.gte=1980&where.id.lte=3&orderby.title=desc&limit=1"
                + "&totalCount=true&fields=title");
        assertThat(json(page)).isEqualTo(JSON.readTree("[{\"title\":\"Prometheus\"}]"));
        assertThat(page.headers().firstValue("x-total-count")).contains("2");
        assertThat(json(rt.get("/movies?where.title.in=Alien,Aliens&orderby.id=asc&fields=id")))
                .isEqualTo(JSON.readTree("[{\"id\":\"1\"},{\"id\":\"2\"}]"));
        assertThat(json(rt.get("/movies?where.or=(year.lt=1980%7Ctitle.eq=Prometheus)&orderby.id=asc&fields=id")))
                .isEqualTo(JSON.readTree("[{\"id\":\"1\"},{\"id\":\"3\"}]"));
        assertThat(json(rt.get("/movies?where.title.like=Alien%25&where.id.lte=3&orderby.year=desc&fields=year")))
                .isEqualTo(JSON.readTree("[{\"year\":1986},{\"year\":1979}]"));
        HttpResponse<String> cursor = rt.get("/movies?cursor=true&limit=2&orderby.id=asc&where.id.lte=3&fields=id");
        assertThat(json(cursor)).isEqualTo(JSON.readTree("[{\"id\":\"1\"},{\"id\":\"2\"}]"));
        String after = cursor.headers().firstValue("x-start-after").orElseThrow();
        assertThat(json(rt.get("/movies?limit=2&orderby.id=asc&where.id.lte=3&fields=id&startAfter="
                + java.net.URLEncoder.encode(after, java.nio.charset.StandardCharsets.UTF_8))))
                .isEqualTo(JSON.readTree("[{\"id\":\"3\"}]"));
    }

    @Test
    void badParametersAre400sNamingThem() throws Exception {
        HttpResponse<String> unknown = rt.get("/movies?where.director.eq=Scott");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(json(unknown).path("message").asText()).contains("director");
        HttpResponse<String> limit = rt.get("/movies?limit=1000");
        assertThat(limit.statusCode()).isEqualTo(400);
        assertThat(json(limit).path("message").asText()).contains("limit");
        HttpResponse<String> hostile = rt.get("/movies?where.title.eq=%27%3B%20DROP%20TABLE%20movies%3B%20--");
        assertThat(hostile.statusCode()).isEqualTo(200);
        assertThat(json(hostile)).isEmpty();
        assertThat(rt.get("/movies/1").statusCode()).isEqualTo(200);
        HttpResponse<String> missing = rt.get("/movies/999");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(json(missing).path("message").asText()).contains("999");
        HttpResponse<String> badBody = rt.send("POST", "/movies", "{\"title\": \"X\", \"director\": \"Y\"}");
        assertThat(badBody.statusCode()).isEqualTo(400);
        assertThat(json(badBody).path("message").asText()).startsWith("body/director");
    }

    @Test
    void createReadUpdateDelete() throws Exception {
        HttpResponse<String> created = rt.send("POST", "/movies", "{\"title\": \"Ran\", \"year\": 1985}");
        assertThat(created.statusCode()).isEqualTo(200);
        String id = json(created).path("id").asText();
        assertThat(created.headers().firstValue("location")).contains("/movies/" + id);
        assertThat(json(rt.get("/movies/" + id + "?fields=title,year")))
                .isEqualTo(JSON.readTree("{\"title\":\"Ran\",\"year\":1985}"));
        HttpResponse<String> updated = rt.send("PUT", "/movies/" + id, "{\"title\": \"Ran (1985)\"}");
        assertThat(json(updated).path("title").asText()).isEqualTo("Ran (1985)");
        HttpResponse<String> many = rt.send("PUT", "/movies?where.id.eq=" + id + "&fields=id,rating",
                "{\"title\": \"Ran\", \"rating\": 8.2}");
        assertThat(json(many)).isEqualTo(JSON.readTree("[{\"id\":\"" + id + "\",\"rating\":8.2}]"));
        HttpResponse<String> again = rt.send("POST", "/movies", "{\"id\": " + id + ", \"title\": \"Ran\"}");
        assertThat(json(again).path("title").asText()).as("a create with a known key saves over it").isEqualTo("Ran");
        HttpResponse<String> duplicate = rt.send("POST", "/actors", "{\"name\": \"Sigourney Weaver\"}");
        assertThat(duplicate.statusCode()).as(duplicate.body()).isEqualTo(409);
        assertThat(json(duplicate).path("error").asText()).isEqualTo("Conflict");
        HttpResponse<String> deleted = rt.send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(rt.url() + "/movies/" + id + "?fields=title")).DELETE());
        assertThat(json(deleted)).isEqualTo(JSON.readTree("{\"title\":\"Ran\"}"));
        assertThat(rt.get("/movies/" + id).statusCode()).isEqualTo(404);
    }

    @Test
    void relationsBothWaysManyToManyViewsAndTablesWithoutKey() throws Exception {
        assertThat(json(rt.get("/movies/2/quotes?fields=quote"))).isEqualTo(JSON.readTree(
                "[{\"quote\":\"Game over, man!\"},{\"quote\":\"Get away from her, you...!\"}]"));
        assertThat(json(rt.get("/quotes/1/movie?fields=title"))).isEqualTo(JSON.readTree("{\"title\":\"Alien\"}"));
        assertThat(json(rt.get("/moviesActors/movie/1/actor/1")))
                .isEqualTo(JSON.readTree("{\"movieId\":\"1\",\"actorId\":\"1\"}"));
        assertThat(json(rt.get("/actors/1/moviesActors?fields=movieId")))
                .isEqualTo(JSON.readTree("[{\"movieId\":\"1\"},{\"movieId\":\"2\"}]"));
        assertThat(json(rt.get("/recentMovies?fields=title"))).isEqualTo(JSON.readTree("[{\"title\":\"Prometheus\"}]"));
        assertThat(rt.send("POST", "/recentMovies", "{\"title\": \"Nope\"}").statusCode()).isEqualTo(404);
        assertThat(json(rt.get("/notes"))).isEqualTo(JSON.readTree("[{\"body\":\"good\",\"stars\":5}]"));
        assertThat(rt.send("POST", "/notes", "{\"body\": \"bad\"}").statusCode()).isEqualTo(404);
    }

    @Test
    void graphQlResolvesNestedRelationsAndThePluginsField() throws Exception {
        HttpResponse<String> answer = rt.send("POST", "/graphql", JSON.writeValueAsString(Map.of("query",
                "{ movies(where: {id: {lte: 3}}, orderBy: {field: id, direction: ASC}) { title quotes { quote } }"
                        + " getQuoteById(id: 1) { quote movie { title } } movieCount }")));
        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode data = json(answer).path("data");
        assertThat(json(answer).has("errors")).as(answer.body()).isFalse();
        assertThat(data.path("movies").get(1)).isEqualTo(JSON.readTree("{\"title\":\"Aliens\",\"quotes\":["
                + "{\"quote\":\"Game over, man!\"},{\"quote\":\"Get away from her, you...!\"}]}"));
        assertThat(data.path("movies").get(2).path("quotes")).isEmpty();
        assertThat(data.path("getQuoteById").path("movie").path("title").asText()).isEqualTo("Alien");
        assertThat(data.path("movieCount").asLong()).isGreaterThanOrEqualTo(3);
        HttpResponse<String> saved = rt.send("POST", "/graphql", "{\"query\": \"mutation { saveMovie(input:"
                + " {title: \\\"Solaris\\\", year: 1972}) { id title } }\"}");
        String id = json(saved).path("data").path("saveMovie").path("id").asText();
        assertThat(json(rt.get("/movies/" + id + "?fields=title"))).isEqualTo(JSON.readTree("{\"title\":\"Solaris\"}"));
        HttpResponse<String> wrong = rt.send("POST", "/graphql", "{\"query\": \"{ movies(limit: 1000) { id } }\"}");
        assertThat(json(wrong).path("errors").get(0).path("message").asText()).contains("1000");
        rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/movies/" + id)).DELETE());
    }

    @Test
    void aMutationSentWithGetOrAsAFormIsRefusedAndWritesNothing() throws Exception {
        String mutation = "mutation { saveMovie(input: {title: \"csrf\"}) { id } }";
        HttpResponse<String> get = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/graphql?query="
                + URLEncoder.encode(mutation, StandardCharsets.UTF_8))).header("accept", "text/html,*/*;q=0.8"));
        assertThat(get.statusCode()).as(get.body()).isEqualTo(405);
        assertThat(get.headers().firstValue("allow")).contains("POST");
        assertThat(json(get).path("code").asText()).isEqualTo("RT_GRAPHQL_MUTATION_OVER_GET");
        HttpResponse<String> form = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/graphql"))
                .header("content-type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(
                        JSON.writeValueAsString(Map.of("query", mutation)))));
        assertThat(form.statusCode()).isEqualTo(415);
        assertThat(json(rt.get("/movies?where.title.eq=csrf"))).as("nothing was written").isEmpty();
    }

    @Test
    void brokenConstraintsAre4xxNamingTheRelationOverRestAndGraphQl() throws Exception {
        HttpResponse<String> orphan = rt.send("POST", "/quotes", "{\"quote\": \"Nope\", \"movieId\": 999}");
        assertThat(orphan.statusCode()).as(orphan.body()).isEqualTo(409);
        assertThat(json(orphan)).isEqualTo(JSON.readTree("{\"statusCode\":409,\"code\":\"RT_DB_CONSTRAINT_FOREIGNKEY\","
                + "\"error\":\"Conflict\",\"message\":\"the movie that quote.movieId refers to does not exist\"}"));
        HttpResponse<String> referenced = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/movies/3")).DELETE());
        assertThat(referenced.statusCode()).isEqualTo(409);
        assertThat(json(referenced).path("message").asText()).startsWith("the movie is still referenced by moviesActor.movieId");
        HttpResponse<String> duplicate = rt.send("POST", "/actors", "{\"name\": \"Michael Fassbender\"}");
        assertThat(json(duplicate).path("code").asText()).isEqualTo("RT_DB_CONSTRAINT_UNIQUE");

        HttpResponse<String> graphql = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/graphql"))
                .header("content-type", "application/json").header("accept", GRAPHQL_RESPONSE)
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("query",
                        "mutation { saveQuote(input: {quote: \"Nope\", movieId: 999}) { id } }")))));
        assertThat(graphql.statusCode()).as("a field error: the data is there").isEqualTo(200);
        assertThat(json(graphql).path("data")).isEqualTo(JSON.readTree("{\"saveQuote\": null}"));
        JsonNode error = json(graphql).path("errors").get(0);
        assertThat(error.path("message").asText()).isEqualTo("the movie that quote.movieId refers to does not exist");
        assertThat(error.path("extensions").path("code").asText()).isEqualTo("RT_DB_CONSTRAINT_FOREIGNKEY");
        assertThat(json(rt.get("/quotes?where.quote.eq=Nope"))).isEmpty();
        assertThat(rt.get("/movies/3").statusCode()).isEqualTo(200);
    }

    @Test
    void graphQlRequestErrorsAre400OnlyForClientsThatAcceptTheGraphQlResponseType() throws Exception {
        String unknownField = JSON.writeValueAsString(Map.of("query", "{ movies { nope } }"));
        for (String accept : new String[] {GRAPHQL_RESPONSE, "application/json"}) {
            HttpResponse<String> answer = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/graphql"))
                    .header("content-type", "application/json").header("accept", accept)
                    .POST(HttpRequest.BodyPublishers.ofString(unknownField)));
            assertThat(answer.statusCode()).as(accept).isEqualTo(accept.equals(GRAPHQL_RESPONSE) ? 400 : 200);
            assertThat(answer.headers().firstValue("content-type")).contains(accept + "; charset=utf-8");
            assertThat(json(answer).has("data")).isFalse();
            assertThat(json(answer).path("errors").get(0).path("message").asText()).contains("nope");
        }
    }

    @Test
    void theUsersPluginGetsTheEntities() throws Exception {
        HttpResponse<String> counted = rt.get("/movies?totalCount=true&fields=id");
        assertThat(json(rt.get("/stats")).path("movies").asText())
                .isEqualTo(counted.headers().firstValue("x-total-count").orElseThrow());
    }
}
