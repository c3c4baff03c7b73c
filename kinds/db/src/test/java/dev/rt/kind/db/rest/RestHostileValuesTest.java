package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Values written to break out of a quoted SQL string, in every operator, in keys, cursors and bodies: each is bound
 * as a value, so it matches nothing (or is refused as the wrong type), is stored exactly as sent, and no table is
 * touched.
 */
@ExtendWith(TestDatabases.class)
class RestHostileValuesTest {
    static final List<String> HOSTILE = List.of("'; DROP TABLE movies; --", "1 OR 1=1", "' OR '1'='1", "\\' OR 1=1 -- ",
            "\" OR \"\"=\"", "`movies`", "1); DELETE FROM movies; --", "$1", "?", "%' OR 1=1 --", "Robert'); DROP TABLE"
                    + " quotes;--", "ü😀\u2028", "x".repeat(250));
    private static final List<String> OPERATORS = List.of("eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "in", "nin");

    private static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void hostileValuesNeverReachSqlAsText(Engine engine) throws Exception {
        try (DbFixture fixture = DbFixture.movies(engine)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            List<String> queried = new java.util.ArrayList<>(HOSTILE);
            queried.add("y".repeat(5000));
            for (String value : queried) {
                for (String op : OPERATORS) {
                    RestClient.Answer text = client.get("/movies?where.title." + op + "=" + q(value));
                    assertThat(text.status()).as(op + " " + value + " -> " + text.body()).isEqualTo(200);
                    if (op.equals("eq") || op.equals("like") || op.equals("ilike") || op.equals("in")) {
                        assertThat(text.list()).as(op + " " + value).isEmpty();
                    }
                    RestClient.Answer number = client.get("/movies?where.year." + op + "=" + q(value));
                    if (!op.contains("like")) {
                        assertThat(number.status()).as(op + " on an integer: " + value).isEqualTo(400);
                    }
                    assertThat(client.get("/movies?where.or=" + q("(title." + op + "=" + value + "|year.eq=1)")).status())
                            .as("where.or " + op + " " + value).isIn(200, 400);
                }
                assertThat(client.get("/movies?where.title.isNull=" + q(value)).status()).isEqualTo(400);
                assertThat(client.get("/movies?orderby.title=" + q(value)).status()).isEqualTo(400);
                assertThat(client.get("/movies?fields=" + q(value)).status()).isEqualTo(400);
                assertThat(client.get("/movies?where." + q(value) + ".eq=1").status()).isEqualTo(400);
                assertThat(client.get("/movies/" + q(value)).status()).isEqualTo(400);
                assertThat(client.get("/movies/" + q(value) + "/quotes").status()).isEqualTo(400);
                String cursor = Base64.getEncoder().encodeToString(("{\"id\":1,\"title\":" + RestClient.JSON
                        .writeValueAsString(value) + "}").getBytes(StandardCharsets.UTF_8));
                assertThat(client.get("/movies?orderby.title=asc&orderby.id=asc&startAfter=" + q(cursor)).status())
                        .isEqualTo(200);
            }
            for (String value : HOSTILE) {
                String json = RestClient.JSON.writeValueAsString(java.util.Map.of("title", value));
                RestClient.Answer created = client.post("/movies", json);
                assertThat(created.status()).as(value).isEqualTo(200);
                String id = (String) created.object().get("id");
                assertThat(client.get("/movies/" + id).object().get("title")).isEqualTo(value);
                assertThat(client.get("/movies?where.title.eq=" + q(value)).list()).hasSize(1);
                assertThat(client.put("/movies?where.title.eq=" + q(value), json).list()).hasSize(1);
                assertThat(client.delete("/movies/" + id).status()).isEqualTo(200);
            }
            assertThat(client.get("/movies?totalCount=true").headers()).containsEntry("X-Total-Count", "3");
            assertThat(client.get("/quotes?totalCount=true").headers()).containsEntry("X-Total-Count", "3");
        }
    }
}
