package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every refused parameter: a 400 naming it, in the error body's shape, on each database. */
@ExtendWith(TestDatabases.class)
class RestErrorsTest {

    @AfterAll
    static void close() {
        RestListTest.close();
    }

    private static void refused(RestClient client, String url, String code, String message) {
        RestClient.Answer answer = client.get(url);
        assertThat(answer.status()).as(url + " -> " + answer.body()).isEqualTo(400);
        assertThat(answer.object()).containsEntry("statusCode", 400).containsEntry("code", code)
                .containsEntry("error", "Bad Request");
        assertThat(answer.message()).as(url).isEqualTo(message);
    }

    private static void refusedStarting(RestClient client, String url, String start) {
        RestClient.Answer answer = client.get(url);
        assertThat(answer.status()).as(url + " -> " + answer.body()).isEqualTo(400);
        assertThat(answer.message()).as(url).startsWith(start);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void refusesPagesOutOfBoundsNamingTheParameter(Engine engine) {
        RestClient client = RestListTest.client(engine);
        refused(client, "/movies?limit=101", "PLT_SQL_MAPPER_PARAM_LIMIT_NOT_ALLOWED",
                "Param limit=101 not allowed. Max accepted value 100.");
        refused(client, "/movies?limit=-1", "PLT_SQL_MAPPER_PARAM_LIMIT_MUST_BE_NOT_NEGATIVE",
                "Param limit=-1 not allowed. It must be a not negative value.");
        refused(client, "/movies?offset=-1", "PLT_SQL_MAPPER_PARAM_NOT_ALLOWED",
                "Param offset=-1 not allowed. It must be not negative value.");
        refused(client, "/movies?limit=abc", "FST_ERR_VALIDATION", "querystring/limit must be integer");
        refused(client, "/movies?limit=1&limit=2", "FST_ERR_VALIDATION",
                "querystring/limit must be given once, found 2 times");
        refused(client, "/movies?totalCount=maybe", "FST_ERR_VALIDATION", "querystring/totalCount must be boolean");
        refused(client, "/movies/1/quotes?limit=500", "PLT_SQL_MAPPER_PARAM_LIMIT_NOT_ALLOWED",
                "Param limit=500 not allowed. Max accepted value 100.");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void refusesWhatItDoesNotKnowInsteadOfIgnoringIt(Engine engine) {
        RestClient client = RestListTest.client(engine);
        refusedStarting(client, "/movies?bogus=1", "querystring/bogus is not a known parameter; this route takes"
                + " cursor, endBefore, fields, limit, offset, startAfter, totalCount, where.<field>.<operator>");
        refused(client, "/movies?where.foo.eq=1", "FST_ERR_VALIDATION", "querystring/where.foo.eq: unknown field"
                + " \"foo\" of Movie; its fields are id, title, year, rating, released, budget, createdAt, updatedAt");
        refusedStarting(client, "/movies?where.year.bogus=1",
                "querystring/where.year.bogus: unknown operator \"bogus\"; the operators are eq, neq, gt");
        refusedStarting(client, "/movies?where.year=1", "querystring/where.year is not a known parameter");
        refusedStarting(client, "/movies?orderby.foo=asc", "querystring/orderby.foo: unknown field \"foo\" of Movie");
        refused(client, "/movies?orderby.year=up", "FST_ERR_VALIDATION",
                "querystring/orderby.year must be equal to one of the allowed values (asc, desc)");
        refusedStarting(client, "/movies?fields=id,nope", "querystring/fields/1 must be equal to one of the allowed"
                + " values (budget, createdAt, id");
        refused(client, "/movies?where.or=(foo.eq=1)", "PLT_SQL_OPENAPI_UNKNOWN_FIELD", "Unknown field \"foo\" in where.or");
        refusedStarting(client, "/movies?where.or=title.eq=1", "querystring/where.or must be (field.operator=value");
        refusedStarting(client, "/movies/1?bogus=1", "querystring/bogus is not a known parameter; this route takes fields");
        refusedStarting(client, "/movies/1/quotes?where.id.eq=1", "querystring/where.id.eq is not a known parameter");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void refusesValuesOfTheWrongType(Engine engine) {
        RestClient client = RestListTest.client(engine);
        refused(client, "/movies?where.year.eq=abc", "FST_ERR_VALIDATION", "querystring/where.year.eq must be integer");
        refused(client, "/movies?where.year.in=1979,x", "FST_ERR_VALIDATION", "querystring/where.year.in must be integer");
        refused(client, "/movies?where.rating.gt=high", "FST_ERR_VALIDATION", "querystring/where.rating.gt must be number");
        refused(client, "/movies?where.budget.eq=lots", "FST_ERR_VALIDATION",
                "querystring/where.budget.eq must be an integer (given as a string)");
        refused(client, "/movies?where.year.isNull=perhaps", "FST_ERR_VALIDATION",
                "querystring/where.year.isNull must be boolean");
        refused(client, "/movies?where.year.eq=null", "FST_ERR_VALIDATION", "querystring/where.year.eq must be integer");
        refused(client, "/movies?where.year.contains=1", "PLT_SQL_MAPPER_UNSUPPORTED_OPERATOR_FOR_NON_ARRAY",
                "Unsupported operator for non Array field");
        refused(client, "/movies/abc", "FST_ERR_VALIDATION", "params/id must be integer");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void refusesBrokenCursors(Engine engine) {
        RestClient client = RestListTest.client(engine);
        refused(client, "/movies?orderby.id=asc&startAfter=xyz", "FST_ERR_VALIDATION",
                "querystring/startAfter must match format \"byte\"");
        String notJson = Base64.getEncoder().encodeToString("{nope".getBytes());
        refusedStarting(client, "/movies?orderby.id=asc&startAfter=" + notJson, "Unable to parse cursor string.");
        // the parser's own words, without its location boilerplate
        assertThat(client.get("/movies?orderby.id=asc&startAfter=" + notJson).message())
                .endsWith(". Error: Unexpected character ('n' (code 110)): was expecting double-quote to start field name");
        String unknown = Base64.getEncoder().encodeToString("{\"nope\":1}".getBytes());
        refusedStarting(client, "/movies?orderby.id=asc&startAfter=" + unknown,
                "Cursor validation error.  must NOT have additional properties");
        String byId = Base64.getEncoder().encodeToString("{\"id\":1}".getBytes());
        refused(client, "/movies?startAfter=" + byId, "PLT_SQL_MAPPER_MISSING_ORDER_BY_CLAUSE", "Missing orderBy clause");
        refused(client, "/movies?orderby.year=asc&startAfter=" + byId,
                "PLT_SQL_MAPPER_MISSING_ORDER_BY_FIELD_FOR_CURSOR", "Cursor field(s) id must be included in orderBy");
        String byYear = Base64.getEncoder().encodeToString("{\"year\":1979}".getBytes());
        refused(client, "/movies?orderby.year=asc&startAfter=" + byYear, "PLT_SQL_MAPPER_MISSING_UNIQUE_FIELD_IN_CURSOR",
                "Cursor must contain at least one primary key field");
        refused(client, "/movies?orderby.year=asc&cursor=true",
                "PLT_SQL_OPENAPI_PRIMARY_KEY_NOT_INCLUDED_IN_ORDER_BY_IN_CURSOR_PAGINATION",
                "At least one primary key must be included in orderBy clause in case of cursor pagination");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void saysWhichRowWasNotFound(Engine engine) {
        RestClient client = RestListTest.client(engine);
        RestClient.Answer missing = client.get("/movies/999");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.object()).containsEntry("statusCode", 404).containsEntry("code", "RT_DB_NOT_FOUND")
                .containsEntry("error", "Not Found").containsEntry("message", "Movie with id 999 not found");
        assertThat(client.get("/movies/999/quotes").message()).isEqualTo("Movie with id 999 not found");
        assertThat(client.get("/quotes/999/movie").message()).isEqualTo("Quote with id 999 not found");
        assertThat(client.get("/moviesActors/movie/1/actor/9").message())
                .isEqualTo("MoviesActor with movieId 1 and actorId 9 not found");
        assertThat(client.delete("/movies/999").status()).isEqualTo(404);
    }
}
