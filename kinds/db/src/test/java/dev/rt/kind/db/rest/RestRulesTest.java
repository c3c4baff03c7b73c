package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.auth.User;
import dev.rt.kind.db.authz.Rulebook;
import dev.rt.kind.db.sql.Access;
import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.PagesSchema;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code authorization.rules} on every REST route, on SQLite and PostgreSQL: the checks join the statements (lists,
 * counts, gets, relations both ways, bulk updates and deletes touch only the caller's rows), the fields restrict
 * what is read, filtered, sorted and written, the defaults fill inserts; 401 for a caller without credentials, 403
 * for a known one, with rt's codes.
 */
@ExtendWith(TestDatabases.class)
class RestRulesTest {
    private static final User OWNER = PagesSchema.user("7", "user");

    private record Api(DbFixture fixture, Rulebook rules) implements AutoCloseable {
        static Api open(Engine engine) {
            DbFixture fixture = PagesSchema.fixture(engine);
            return new Api(fixture, PagesSchema.rules(fixture));
        }

        RestClient as(User user) {
            return client(rules.access(user));
        }

        RestClient client(Access access) {
            return new RestClient(RestRoutes.of(fixture.entities()), access);
        }

        /** The rows as they are, seen with every right. */
        List<Map<String, Object>> all(String path) {
            return client(Access.SYSTEM).get(path + "?orderby.id=asc").list();
        }

        @Override
        public void close() {
            fixture.close();
        }
    }

    private static List<Object> ids(RestClient.Answer answer) {
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(200);
        return answer.list().stream().map(row -> row.get("id")).toList();
    }

    private static void refused(RestClient.Answer answer, int status, String code) {
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(status);
        assertThat(answer.object()).containsEntry("code", code);
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void readsOnlyTheRowsAndFieldsTheRulesAllow(Engine engine) {
        try (Api api = Api.open(engine)) {
            RestClient owner = api.as(OWNER);
            RestClient.Answer list = owner.get("/pages?orderby.id=asc&totalCount=true&limit=1");
            assertThat(ids(list)).containsExactly("1");
            assertThat(list.headers()).containsEntry("X-Total-Count", "2");
            assertThat(list.list().get(0).keySet()).containsExactly("id", "title", "ownerId", "tenant");
            assertThat(ids(owner.get("/pages?where.ownerId.eq=8"))).isEmpty();
            assertThat(ids(owner.get("/pages?where.or=(ownerId.eq=8|id.eq=2)"))).isEmpty();
            assertThat(owner.get("/pages/2").status()).isEqualTo(404);
            assertThat(owner.get("/pages/1").object()).containsEntry("title", "mine").doesNotContainKey("secret");
            // relations both ways: a comment on another's page does not lead to it, nor does that page to comments
            assertThat(owner.get("/comments/1/page").status()).isEqualTo(404);
            assertThat(owner.get("/comments/2/page?fields=id,title").object()).isEqualTo(Map.of("id", "1",
                    "title", "mine"));
            assertThat(owner.get("/pages/2/comments").status()).isEqualTo(404);
            assertThat(ids(owner.get("/pages/1/comments"))).containsExactly("2");
            // another user's cursor reaches nothing more
            RestClient.Answer first = owner.get("/pages?orderby.id=asc&limit=1&cursor=true");
            assertThat(ids(owner.get("/pages?orderby.id=asc&limit=5&startAfter="
                    + URLEncoder.encode(first.headers().get("X-Start-After"), StandardCharsets.UTF_8)))).containsExactly("3");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void refusesFieldsOutsideTheRuleWhereverTheyAppear(Engine engine) {
        try (Api api = Api.open(engine)) {
            RestClient owner = api.as(OWNER);
            refused(owner.get("/pages?fields=id,secret"), 403, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            refused(owner.get("/pages?where.secret.eq=s2"), 403, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            refused(owner.get("/pages?where.or=(secret.eq=s1|id.eq=1)"), 403, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            refused(owner.get("/pages?orderby.secret=asc"), 403, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            refused(owner.get("/pages/1?fields=secret"), 403, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            refused(owner.put("/pages/1", "{\"title\":\"mine\",\"secret\":\"mine now\"}"), 403, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            assertThat(api.all("/pages").get(0)).containsEntry("secret", "s1");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void writesTouchOnlyTheCallersRows(Engine engine) {
        try (Api api = Api.open(engine)) {
            RestClient owner = api.as(OWNER);
            RestClient.Answer bulk = owner.put("/pages?where.id.in=1,2,3", "{\"title\":\"renamed\"}");
            assertThat(ids(bulk)).containsExactlyInAnyOrder("1", "3");
            assertThat(api.all("/pages").stream().map(r -> r.get("title")))
                    .containsExactly("renamed", "theirs", "renamed");
            // no where is refused for everyone: the checks never turn it into a where of their own
            refused(owner.put("/pages", "{\"title\":\"all mine\"}"), 400, "PLT_SQL_MAPPER_MISSING_WHERE_CLAUSE");
            assertThat(api.all("/pages").get(1)).containsEntry("title", "theirs");
            refused(owner.put("/pages?where.id.in=1,2,3", "{\"title\":\"x\",\"tenant\":\"x\"}"), 403, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            assertThat(owner.delete("/pages/2").status()).isEqualTo(404);
            assertThat(owner.put("/pages/2", "{\"title\":\"taken\"}").status()).isEqualTo(403);
            // the defaults keep the owner on a save too; a row moved out of the checks' reach is refused, and undone
            assertThat(owner.put("/pages/1", "{\"title\":\"gift\",\"ownerId\":8}").object()).containsEntry("ownerId", 7);
            RestClient editor = api.as(new User(List.of("editor"), Map.of("tenant", "acme")));
            refused(editor.put("/pages/2", "{\"title\":\"moved\",\"tenant\":\"globex\"}"), 403,
                    "RT_DB_AUTH_UNAUTHORIZED");
            assertThat(api.all("/pages").get(1)).containsEntry("title", "theirs").containsEntry("tenant", "acme");
            assertThat(editor.put("/pages/3", "{\"title\":\"not mine\"}").status()).isEqualTo(403);
            // the defaults fill the owner whatever the body says
            RestClient.Answer created = owner.post("/pages", "{\"title\":\"new\",\"ownerId\":8}");
            assertThat(created.status()).as(String.valueOf(created.body())).isEqualTo(200);
            assertThat(created.object()).containsEntry("ownerId", 7);
            assertThat(api.all("/pages").stream().map(r -> r.get("ownerId"))).containsExactly(7, 8, 7, 7);
            // a delete answers the row as find may show it: its secret neither by default nor when asked
            assertThat(owner.delete("/pages/3").object()).containsEntry("id", "3").doesNotContainKey("secret");
            refused(owner.delete("/pages/1?fields=secret"), 403, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            assertThat(api.all("/pages").stream().map(r -> r.get("id"))).containsExactly("1", "2", "4");
            refused(owner.post("/comments", "{\"body\":\"spam\",\"pageId\":1}"), 403, "RT_DB_AUTH_UNAUTHORIZED");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void noRuleIsNoAccessAndTheAdminHasEveryRight(Engine engine) {
        try (Api api = Api.open(engine)) {
            refused(api.as(OWNER).get("/audits"), 403, "RT_DB_AUTH_UNAUTHORIZED");
            RestClient anonymous = api.client(api.rules().anonymous());
            refused(anonymous.get("/pages"), 401, "RT_DB_AUTH_UNAUTHORIZED");
            refused(anonymous.get("/comments?fields=ownerId"), 401, "RT_DB_AUTH_FIELD_UNAUTHORIZED");
            assertThat(anonymous.get("/comments?orderby.id=asc").list()).containsExactly(
                    Map.of("id", "1", "body", "on theirs"), Map.of("id", "2", "body", "on mine"));
            RestClient admin = api.as(new User(List.of(User.ADMIN_ROLE), Map.of()));
            assertThat(admin.get("/pages?orderby.id=asc&fields=secret").list()).extracting(r -> r.get("secret"))
                    .containsExactly("s1", "s2", "s3");
            assertThat(ids(admin.get("/audits"))).containsExactly("1");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void hostileCheckValuesAreValuesNeverSql(Engine engine) {
        try (Api api = Api.open(engine)) {
            assertThat(ids(api.as(PagesSchema.user("7 OR 1=1", "user")).get("/pages"))).isEmpty();
            assertThat(ids(api.as(PagesSchema.user("7) OR (1=1", "user")).get("/pages"))).isEmpty();
            User acme = new User(List.of("auditor"), Map.of("tenant", "acme"));
            assertThat(ids(api.as(acme).get("/pages?orderby.id=asc"))).containsExactly("1", "2");
            for (String hostile : List.of("acme' OR '1'='1", "acme'; DROP TABLE pages; --", "%", "acme\\")) {
                User auditor = new User(List.of("auditor"), Map.of("tenant", hostile));
                assertThat(ids(api.as(auditor).get("/pages"))).as(hostile).isEmpty();
            }
            User noTenant = new User(List.of("auditor"), Map.of(User.USER_ID, "7"));
            assertThat(ids(api.as(noTenant).get("/pages"))).isEmpty();
            assertThat(api.all("/pages")).hasSize(3);
        }
    }
}
