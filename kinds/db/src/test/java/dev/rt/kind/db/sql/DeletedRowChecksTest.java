package dev.rt.kind.db.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.auth.User;
import dev.rt.kind.db.authz.Rulebook;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.PagesSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A deleted row, which no statement can read again, reaches a {@code movieDeleted} subscriber only when its checks
 * would have found it ({@link RowMatch}): the values as the change carries them (JSON), compared in the field's type.
 */
class DeletedRowChecksTest {

    @Test
    void aDeletedRowIsJudgedByTheSubscribersChecks() {
        try (DbFixture fixture = PagesSchema.fixture(Engine.SQLITE)) {
            Rulebook rules = PagesSchema.rules(fixture);
            Entity page = fixture.entities().model().require("page");
            List<Field> key = page.primaryKeyFields();
            GuardedQueries owner = fixture.entities().queries(page, rules.access(PagesSchema.user("7", "user")));
            assertThat(owner.couldFind(Map.of("id", 1, "ownerId", 7), key)).isTrue();
            assertThat(owner.couldFind(Map.of("id", 2, "ownerId", 8), key)).isFalse();
            assertThat(owner.couldFind(Map.of("id", 2), key)).as("no owner: NULL never matches").isFalse();
            assertThat(owner.couldFind(Map.of("id", 2, "ownerId", "7 OR 1=1"), key)).isFalse();
            User auditor = new User(List.of("auditor"), Map.of("tenant", "acme"));
            GuardedQueries audits = fixture.entities().queries(page, rules.access(auditor));
            assertThat(audits.couldFind(Map.of("id", 1, "tenant", "acme"), key)).isTrue();
            assertThat(audits.couldFind(Map.of("id", 1, "tenant", "ACME"), key)).isFalse();
            GuardedQueries admin = fixture.entities().queries(page, rules.access(new User(List.of(User.ADMIN_ROLE),
                    Map.of())));
            assertThat(admin.couldFind(Map.of("id", 2, "ownerId", 8), key)).isTrue();
            assertThatThrownBy(() -> owner.couldFind(Map.of("id", 1), List.of(page.require("secret"))))
                    .hasMessageContaining("field not allowed: secret");
        }
    }
}
