package dev.rt.kind.db.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.auth.User;
import dev.rt.kind.db.authz.Rulebook;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.PagesSchema;
import dev.rt.kind.db.testing.TestDatabases;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code authorization.rules} in GraphQL: queries, counts, nested relations both ways, mutations see and touch only
 * the caller's rows; a field the rule does not list is refused under an alias, in a fragment, in a nested relation;
 * an execution whose context names no caller has the anonymous role's rights; plugins choose whose rights apply.
 */
@ExtendWith(TestDatabases.class)
class GraphQlRulesTest {
    private record Api(DbFixture fixture, Rulebook rules, DbGraphQL graphql) implements AutoCloseable {
        static Api open(Engine engine) {
            DbFixture fixture = PagesSchema.fixture(engine);
            Rulebook rules = PagesSchema.rules(fixture);
            Entities entities = fixture.entities().withRules(rules::access);
            return new Api(fixture, rules, new DbGraphQL(entities, Optional.empty(),
                    context -> rules.anonymous()));
        }

        Map<String, Object> owner(String query) {
            return graphql.execute(query, Map.of(), rules.access(PagesSchema.user("7", "user")));
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> data(String query) {
            Map<String, Object> answer = owner(query);
            assertThat(answer).as(query).doesNotContainKey("errors");
            return (Map<String, Object>) answer.get("data");
        }

        @Override
        public void close() {
            fixture.close();
        }
    }

    /** The answer's error messages. */
    @SuppressWarnings("unchecked")
    private static List<String> errors(Map<String, Object> answer) {
        List<Map<String, Object>> errors = (List<Map<String, Object>>) answer.getOrDefault("errors", List.of());
        return errors.stream().map(e -> String.valueOf(e.get("message"))).toList();
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void queriesAndRelationsSeeOnlyTheCallersRows(Engine engine) {
        try (Api api = Api.open(engine)) {
            Map<String, Object> data = api.data("{ pages(orderBy: [{field: id, direction: ASC}]) { id title comments { id } }"
                    + " countPages { total } getPageById(id: 2) { id }"
                    + " comments(orderBy: [{field: id, direction: ASC}]) { id page { id title } } }");
            assertThat(data.get("pages")).isEqualTo(List.of(
                    Map.of("id", "1", "title", "mine", "comments", List.of(Map.of("id", "2"))),
                    Map.of("id", "3", "title", "elsewhere", "comments", List.of())));
            assertThat(data.get("countPages")).isEqualTo(Map.of("total", 2));
            assertThat(data.get("getPageById")).isNull();
            Map<String, Object> onTheirs = new HashMap<>();
            onTheirs.put("id", "1");
            onTheirs.put("page", null);
            assertThat(data.get("comments")).isEqualTo(List.of(onTheirs,
                    Map.of("id", "2", "page", Map.of("id", "1", "title", "mine"))));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void aDeniedFieldIsRefusedUnderAnAliasInAFragmentAndThroughARelation(Engine engine) {
        try (Api api = Api.open(engine)) {
            for (String query : Arrays.asList(
                    "{ pages { id s: secret } }",
                    "{ pages { ...P } } fragment P on Page { id secret }",
                    "{ pages { ... on Page { secret } } }",
                    "{ comments { id page { x: secret } } }",
                    "{ getPageById(id: 1) { secret } }",
                    "{ pages(where: {secret: {eq: \"s2\"}}) { id } }",
                    "{ countPages(where: {secret: {eq: \"s2\"}}) { total } }")) {
                Map<String, Object> answer = api.owner(query);
                assertThat(errors(answer)).as(query).anySatisfy(m -> assertThat(m).contains("field not allowed"));
                assertThat(String.valueOf(answer.get("data"))).as(query).doesNotContain("s1", "s2", "s3");
            }
            Map<String, Object> anonymous = api.graphql().execute("{ pages { id } }", Map.of());
            assertThat(errors(anonymous)).singleElement().asString().contains("operation not allowed: find page");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void mutationsTouchOnlyTheCallersRows(Engine engine) throws Exception {
        try (Api api = Api.open(engine)) {
            assertThat(api.data("mutation { deletePages(where: {id: {in: [2, 3]}}) { id } }").get("deletePages"))
                    .isEqualTo(List.of(Map.of("id", "3")));
            assertThat(api.data("mutation { savePage(input: {title: \"new\", ownerId: 8}) { title ownerId } }")
                    .get("savePage")).isEqualTo(Map.of("title", "new", "ownerId", 7));
            assertThat(errors(api.owner("mutation { savePage(input: {id: 2, title: \"taken\"}) { id } }")))
                    .singleElement().asString().contains("operation not allowed: save page");
            assertThat(errors(api.owner("mutation { insertComments(inputs: [{body: \"spam\"}]) { id } }")))
                    .singleElement().asString().contains("operation not allowed: insert comment");
            Entities all = api.fixture().entities();
            assertThat(all.find("page")).extracting(r -> r.get("title")).containsExactlyInAnyOrder("mine", "theirs",
                    "new");
            assertThat(rows(all, "comment")).containsExactly("1", "2");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE"})
    void pluginsSayWhoseRightsTheirEntityCallsUse(Engine engine) throws Exception {
        try (Api api = Api.open(engine)) {
            Entities guarded = api.fixture().entities().withRules(api.rules()::access);
            assertThatThrownBy(() -> guarded.find("page"))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("entities.system()");
            assertThat(guarded.as(PagesSchema.user("7", "user")).find("page")).extracting(r -> String.valueOf(
                    r.get("id"))).containsExactly("1", "3");
            assertThat(guarded.as(PagesSchema.user("7", "user")).find("page").get(0)).doesNotContainKey("secret");
            assertThat(guarded.system().find("page")).hasSize(3);
            assertThatThrownBy(() -> guarded.as(new User(List.of("anonymous"), Map.of())).find("page"))
                    .hasMessageContaining("operation not allowed: find page");
        }
    }

    /** The ids of an entity's rows, seen with every right. */
    private static List<String> rows(Entities entities, String entity) throws Exception {
        return entities.find(entity).stream().map(r -> ((Number) r.get("id")).intValue()).sorted()
                .map(String::valueOf).toList();
    }
}
