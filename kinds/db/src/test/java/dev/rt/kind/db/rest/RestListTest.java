package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The list route and its query parameters, on each database, over rows no test here changes. */
@ExtendWith(TestDatabases.class)
class RestListTest {
    private static final Map<Engine, DbFixture> FIXTURES = new EnumMap<>(Engine.class);

    static synchronized RestClient client(Engine engine) {
        return new RestClient(RestRoutes.of(entities(engine)));
    }

    /** The shared movies database of that engine, whose rows no test changes. */
    static synchronized dev.rt.kind.db.sql.Entities entities(Engine engine) {
        return FIXTURES.computeIfAbsent(engine, DbFixture::movies).entities();
    }

    @AfterAll
    static void close() {
        FIXTURES.values().forEach(DbFixture::close);
        FIXTURES.clear();
    }

    private static List<Object> titles(RestClient.Answer answer) {
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(200);
        return answer.list().stream().map(row -> row.get("title")).toList();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void listsRowsWithKeysAsStringsAndValuesTyped(Engine engine) {
        RestClient.Answer answer = client(engine).get("/movies?orderby.id=asc");
        assertThat(answer.status()).isEqualTo(200);
        Map<String, Object> alien = answer.list().get(0);
        assertThat(alien).containsEntry("id", "1").containsEntry("title", "Alien").containsEntry("year", 1979)
                .containsEntry("rating", 8.5).containsEntry("budget", "11000000").containsEntry("createdAt", null);
        assertThat(alien.keySet()).containsExactly("id", "title", "year", "rating", "released", "budget", "createdAt",
                "updatedAt");
        Object released = switch (engine) {
            case POSTGRES -> true;
            case SQLITE -> "1";
            case MARIADB -> 1;
        };
        assertThat(alien.get("released")).isEqualTo(released);
        assertThat(client(engine).get("/quotes?orderby.id=asc").list().get(0)).containsEntry("movieId", "1");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void pagesWithLimitOffsetAndTotalCount(Engine engine) {
        RestClient client = client(engine);
        assertThat(titles(client.get("/movies?orderby.id=asc&limit=2"))).containsExactly("Alien", "Aliens");
        assertThat(titles(client.get("/movies?orderby.id=asc&limit=2&offset=2"))).containsExactly("Prometheus");
        RestClient.Answer counted = client.get("/movies?orderby.id=asc&limit=1&totalCount=true");
        assertThat(counted.headers()).containsEntry("X-Total-Count", "3");
        assertThat(client.get("/movies?limit=10&totalCount=true&where.year.gt=1980").headers())
                .containsEntry("X-Total-Count", "2");
        assertThat(client.get("/movies?offset=5&limit=2&totalCount=true").headers()).containsEntry("X-Total-Count", "3");
        assertThat(client.get("/movies?limit=0").list()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void filtersWithEveryOperator(Engine engine) {
        RestClient client = client(engine);
        String base = "/movies?orderby.id=asc&";
        assertThat(titles(client.get(base + "where.year.eq=1986"))).containsExactly("Aliens");
        assertThat(titles(client.get(base + "where.year.neq=1986"))).containsExactly("Alien", "Prometheus");
        assertThat(titles(client.get(base + "where.year.gt=1986"))).containsExactly("Prometheus");
        assertThat(titles(client.get(base + "where.year.gte=1986"))).containsExactly("Aliens", "Prometheus");
        assertThat(titles(client.get(base + "where.year.lt=1986"))).containsExactly("Alien");
        assertThat(titles(client.get(base + "where.year.lte=1986"))).containsExactly("Alien", "Aliens");
        assertThat(titles(client.get(base + "where.title.like=Alien%25"))).containsExactly("Alien", "Aliens");
        assertThat(titles(client.get(base + "where.title.ilike=alien%25"))).containsExactly("Alien", "Aliens");
        assertThat(titles(client.get(base + "where.year.like=19%25"))).containsExactly("Alien", "Aliens");
        assertThat(titles(client.get(base + "where.year.in=1979,2012"))).containsExactly("Alien", "Prometheus");
        assertThat(titles(client.get(base + "where.title.nin=Alien,Aliens"))).containsExactly("Prometheus");
        assertThat(titles(client.get(base + "where.budget.isNull=true"))).containsExactly("Prometheus");
        assertThat(titles(client.get(base + "where.budget.isNull=false"))).containsExactly("Alien", "Aliens");
        assertThat(titles(client.get(base + "where.rating.gte=8.4&where.rating.lt=8.5"))).containsExactly("Aliens");
        assertThat(titles(client.get(base + "where.budget.gt=15000000"))).containsExactly("Aliens");
        assertThat(titles(client.get(base + "where.year.gt=1970&where.year.lt=2000&where.title.neq=Alien")))
                .containsExactly("Aliens");
        assertThat(titles(client.get("/quotes?where.quote.eq=null"))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void combinesAlternativesWithWhereOr(Engine engine) {
        RestClient client = client(engine);
        assertThat(titles(client.get("/movies?orderby.id=asc&where.or=(title.eq=Alien|year.gt=2000)")))
                .containsExactly("Alien", "Prometheus");
        assertThat(titles(client.get("/movies?orderby.id=asc&where.or=(year.in=1979,1986|title.eq=Nope)")))
                .containsExactly("Alien", "Aliens");
        assertThat(titles(client.get("/movies?orderby.id=asc&where.or=(title.eq=Alien|title.eq=Aliens)&where.year.gt=1980")))
                .containsExactly("Aliens");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void ordersByRepeatedKeysInTheOrderGiven(Engine engine) {
        RestClient client = client(engine);
        assertThat(titles(client.get("/movies?orderby.year=desc"))).containsExactly("Prometheus", "Aliens", "Alien");
        assertThat(titles(client.get("/movies?orderby.released=asc&orderby.title=desc")))
                .containsExactly("Prometheus", "Aliens", "Alien");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void answersWithTheFieldsAskedFor(Engine engine) {
        RestClient.Answer answer = client(engine).get("/movies?fields=title,id&orderby.id=asc&limit=1");
        assertThat(answer.list()).containsExactly(Map.of("id", "1", "title", "Alien"));
        assertThat(answer.list().get(0).keySet()).containsExactly("id", "title");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void pagesWithCursorsBothWays(Engine engine) {
        RestClient client = client(engine);
        RestClient.Answer first = client.get("/movies?orderby.id=asc&limit=2&cursor=true");
        assertThat(titles(first)).containsExactly("Alien", "Aliens");
        String next = first.headers().get("X-Start-After");
        assertThat(new String(java.util.Base64.getDecoder().decode(next))).isEqualTo("{\"id\":2}");
        RestClient.Answer second = client.get("/movies?orderby.id=asc&limit=2&startAfter=" + next);
        assertThat(titles(second)).containsExactly("Prometheus");
        RestClient.Answer back = client.get("/movies?orderby.id=asc&limit=1&endBefore="
                + second.headers().get("X-End-Before"));
        assertThat(titles(back)).containsExactly("Aliens");
        String mixed = java.util.Base64.getEncoder().encodeToString("{\"id\":1,\"year\":1979}".getBytes());
        assertThat(titles(client.get("/movies?orderby.year=desc&orderby.id=asc&endBefore=" + mixed)))
                .containsExactly("Prometheus", "Aliens");
        assertThat(titles(client.get("/movies?orderby.year=desc&orderby.id=desc&startAfter=" + mixed))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void servesViewsAndKeylessTablesForReadingOnly(Engine engine) {
        RestClient client = client(engine);
        assertThat(titles(client.get("/recentMovies"))).containsExactly("Prometheus");
        assertThat(client.post("/recentMovies", "{\"title\":\"x\"}").status()).isEqualTo(404);
        assertThat(client.get("/notes").list()).containsExactly(Map.of("body", "good", "stars", 5));
        assertThat(client.put("/notes?where.stars.eq=5", "{\"body\":\"x\"}").status()).isEqualTo(404);
    }
}
