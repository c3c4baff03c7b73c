package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.model.ModelSettings;
import dev.rt.kind.db.sql.Limits;
import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * PostgreSQL's array columns: served as JSON arrays, written from them, and filtered with the array operators
 * ({@code contains}, {@code contained}, {@code overlaps} taking comma lists, {@code any} and {@code all} one element);
 * the array operators are refused on other columns and the others on arrays.
 */
@ExtendWith(TestDatabases.class)
class RestArraysTest {
    private static DbFixture fixture;
    private static RestClient client;

    @BeforeAll
    static void open() {
        fixture = DbFixture.of(Engine.POSTGRES, List.of(
                "CREATE TABLE posts (id SERIAL PRIMARY KEY, title VARCHAR(50) NOT NULL, tags TEXT[], scores INTEGER[])",
                "INSERT INTO posts (title, tags, scores) VALUES ('one', '{java,sql}', '{1,2}')",
                "INSERT INTO posts (title, tags, scores) VALUES ('two', '{sql}', '{2,2}')",
                "INSERT INTO posts (title, tags, scores) VALUES ('three', '{node,web,sql}', '{3}')"),
                ModelSettings.DEFAULT, Limits.DEFAULT);
        client = new RestClient(RestRoutes.of(fixture.entities()));
    }

    @AfterAll
    static void close() {
        fixture.close();
    }

    private static List<Object> titles(String url) {
        RestClient.Answer answer = client.get(url + "&orderby.id=asc&fields=title");
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(200);
        return answer.list().stream().map(row -> row.get("title")).toList();
    }

    @Test
    void arraysAreServedAsJsonArrays() {
        assertThat(client.get("/posts/1").object()).containsEntry("tags", List.of("java", "sql"))
                .containsEntry("scores", List.of(1, 2));
        RestClient.Answer created = client.post("/posts", "{\"title\": \"four\", \"tags\": [\"a\", \"b\"]}");
        assertThat(created.object()).containsEntry("tags", List.of("a", "b"));
        client.delete("/posts/" + created.object().get("id"));
    }

    @Test
    void everyArrayOperator() {
        assertThat(titles("/posts?where.tags.contains=sql,java")).containsExactly("one");
        assertThat(titles("/posts?where.tags.contained=sql,java,web")).containsExactly("one", "two");
        assertThat(titles("/posts?where.tags.overlaps=web,java")).containsExactly("one", "three");
        assertThat(titles("/posts?where.tags.any=node")).containsExactly("three");
        assertThat(titles("/posts?where.scores.all=2")).containsExactly("two");
        assertThat(titles("/posts?where.scores.contains=2")).containsExactly("one", "two");
    }

    @Test
    void hostileElementsAreValuesNotSql() {
        assertThat(titles("/posts?where.tags.contains=sql'%3B%20DROP%20TABLE%20posts%3B%20--")).isEmpty();
        assertThat(titles("/posts?where.tags.any=x'%20OR%20'1'='1")).isEmpty();
        assertThat(titles("/posts?where.id.gt=0")).hasSize(3);
    }

    @Test
    void operatorsAndColumnsMustMatch() {
        RestClient.Answer onText = client.get("/posts?where.title.contains=one");
        assertThat(onText.status()).isEqualTo(400);
        assertThat(onText.message()).isEqualTo("Unsupported operator for non Array field");
        RestClient.Answer onArray = client.get("/posts?where.tags.gt=a");
        assertThat(onArray.status()).isEqualTo(400);
        assertThat(onArray.message()).isEqualTo("Unsupported operator for Array field");
        RestClient.Answer notInteger = client.get("/posts?where.scores.any=x");
        assertThat(notInteger.status()).isEqualTo(400);
    }
}
