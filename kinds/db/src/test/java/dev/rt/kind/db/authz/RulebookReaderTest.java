package dev.rt.kind.db.authz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.rt.auth.User;
import dev.rt.kind.KindException;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.sql.Operation;
import dev.rt.kind.db.sql.Permission;
import dev.rt.kind.db.sql.QueryException;
import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.PagesSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reading {@code authorization.rules} at start: a name that fits no entity, field or operator stops the start with
 * its JSON pointer and what it could have meant (a hostile field name never reaches SQL); several roles merge as the
 * reference merges them.
 */
class RulebookReaderTest {
    private static DbFixture fixture;

    @BeforeAll
    static void open() {
        fixture = PagesSchema.fixture(Engine.SQLITE);
    }

    @AfterAll
    static void close() {
        fixture.close();
    }

    private static KindException refused(String json) {
        return (KindException) catchThrowable(() -> PagesSchema.rules(fixture, json));
    }

    @Test
    void namesTheSettingAndWhatItCouldHaveMeant() {
        KindException entity = refused("{\"rules\": [{\"role\": \"user\", \"entity\": \"pag\", \"find\": true}]}");
        assertThat(entity.pointer()).contains("/authorization/rules/0/entity");
        assertThat(entity.getMessage()).contains("unknown entity \"pag\" (did you mean \"page\"?)");
        KindException column = refused("{\"rules\": [{\"role\": \"user\", \"entity\": \"page\","
                + " \"find\": {\"checks\": {\"owner_id\": \"X-RT-USER-ID\"}}}]}");
        assertThat(column.pointer()).contains("/authorization/rules/0/find/checks/owner_id");
        assertThat(column.getMessage()).contains("owner_id is the column of the field ownerId");
        KindException operator = refused("{\"rules\": [{\"role\": \"user\", \"entity\": \"page\","
                + " \"find\": {\"checks\": {\"title\": {\"like\": \"X-RT-USER-ID\"}}}}]}");
        assertThat(operator.getMessage()).contains("unknown operator", "eq, neq, in, nin");
        KindException missing = refused("{\"rules\": [{\"role\": \"user\", \"entity\": \"page\","
                + " \"insert\": {\"fields\": [\"id\", \"tenant\"]}}]}");
        assertThat(missing.getMessage()).contains("RT_DB_AUTH_NOT_NULLABLE_MISSING", "\"title\"");
        assertThat(refused("{\"rules\": [{\"role\": \"user\", \"entity\": \"page\", \"find\": \"yes\"}]}").getMessage())
                .contains("must be true, false or");
        assertThat(refused("{\"roleMergeStrategy\": \"union\"}").pointer()).contains(
                "/authorization/roleMergeStrategy");
    }

    @Test
    void hostileFieldNamesAreRefusedBeforeAnySql() {
        for (String name : List.of("id; DROP TABLE pages", "id\\\" OR 1=1 --", "owner_id) OR (1=1")) {
            KindException e = refused("{\"rules\": [{\"role\": \"user\", \"entity\": \"page\","
                    + " \"find\": {\"fields\": [\"" + name + "\"]}}]}");
            assertThat(e.getMessage()).as(name).contains("unknown field");
            KindException check = refused("{\"rules\": [{\"role\": \"user\", \"entity\": \"page\","
                    + " \"find\": {\"checks\": {\"" + name + "\": \"X-RT-USER-ID\"}}}]}");
            assertThat(check.getMessage()).as(name).contains("unknown field");
        }
    }

    @Test
    void severalRolesMergeAsTheReferenceMergesThem() {
        String rules = "{\"rules\": ["
                + "{\"role\": \"reader\", \"entity\": \"page\", \"find\": {\"checks\": {\"ownerId\": \"X-RT-USER-ID\"}}},"
                + "{\"role\": \"editor\", \"entity\": \"page\", \"find\": true, \"delete\": true}]";
        User both = PagesSchema.user("7", "reader", "editor");
        Rulebook first = PagesSchema.rules(fixture, rules + "}");
        assertThat(first.access(both).permit(entity(), Operation.FIND).checks()).hasSize(1);
        assertThatThrownBy(() -> first.access(both).permit(entity(), Operation.DELETE))
                .isInstanceOf(QueryException.class).hasMessageContaining("operation not allowed: delete page");
        Rulebook permissive = PagesSchema.rules(fixture, rules + ", \"roleMergeStrategy\": \"most-permissive\"}");
        // per operation, the first rule that allows it: reader's find (with its checks), editor's delete
        assertThat(permissive.access(both).permit(entity(), Operation.FIND).checks()).hasSize(1);
        assertThat(permissive.access(both).permit(entity(), Operation.DELETE).unrestricted()).isTrue();
    }

    @Test
    void theAdminHasEveryRightAndAStrangerNone() {
        Rulebook rules = PagesSchema.rules(fixture);
        Permission admin = rules.access(new User(List.of(User.ADMIN_ROLE), Map.of())).permit(entity(),
                Operation.DELETE);
        assertThat(admin.unrestricted()).isTrue();
        QueryException stranger = (QueryException) catchThrowable(() -> rules.access(
                PagesSchema.user("9", "stranger")).permit(entity(), Operation.FIND));
        assertThat(stranger.status()).isEqualTo(403);
        assertThat(stranger.code()).isEqualTo(Permission.UNAUTHORIZED);
        QueryException anonymous = (QueryException) catchThrowable(
                () -> rules.anonymous().permit(entity(), Operation.FIND));
        assertThat(anonymous.status()).isEqualTo(401);
    }

    private static Entity entity() {
        return fixture.entities().model().require("page");
    }
}
