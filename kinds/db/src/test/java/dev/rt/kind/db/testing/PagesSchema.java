package dev.rt.kind.db.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.auth.User;
import dev.rt.kind.db.authz.Rulebook;
import dev.rt.kind.db.authz.RulebookReader;
import dev.rt.kind.db.model.ModelSettings;
import dev.rt.kind.db.sql.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Pages owned by users, comments on them, and audits no rule names; with the rules the authorization tests apply:
 * a {@code user} finds, saves, updates and deletes its own pages (never their {@code secret}), inserts pages it owns
 * ({@code defaults}), finds every comment; an {@code auditor} finds the pages of its {@code tenant}, an {@code editor} saves them; an anonymous
 * caller finds the comments' {@code id} and {@code body}. Rows: pages 1 (owner 7, acme), 2 (owner 8, acme),
 * 3 (owner 7, globex); comment 1 on page 2, comment 2 on page 1.
 */
public final class PagesSchema {
    public static final String RULES = """
            {"rules": [
              {"role": "user", "entity": "page",
               "find": {"checks": {"ownerId": "X-RT-USER-ID"}, "fields": ["id", "title", "ownerId", "tenant"]},
               "insert": {"fields": ["id", "title", "tenant", "ownerId"]},
               "save": {"checks": {"ownerId": "X-RT-USER-ID"}, "fields": ["id", "title", "ownerId", "tenant"]},
               "updateMany": {"checks": {"ownerId": {"eq": "X-RT-USER-ID"}}, "fields": ["id", "title"]},
               "delete": {"checks": {"ownerId": "X-RT-USER-ID"}},
               "defaults": {"ownerId": "X-RT-USER-ID"}},
              {"role": "user", "entity": "comment", "find": true, "insert": false},
              {"role": "auditor", "entity": "page", "find": {"checks": {"tenant": "tenant"}}},
              {"role": "editor", "entity": "page", "find": true, "save": {"checks": {"tenant": "tenant"}}},
              {"role": "anonymous", "entity": "comment", "find": {"fields": ["id", "body"]}}
            ]}""";

    private PagesSchema() {
    }

    public static List<String> statements(Engine engine) {
        String id = switch (engine) {
            case SQLITE -> "INTEGER PRIMARY KEY";
            case POSTGRES -> "SERIAL PRIMARY KEY";
            case MARIADB -> "INT AUTO_INCREMENT PRIMARY KEY";
        };
        List<String> all = new ArrayList<>(List.of(
                "CREATE TABLE pages (id " + id + ", title VARCHAR(100) NOT NULL, owner_id INTEGER,"
                        + " tenant VARCHAR(20), secret VARCHAR(100))",
                "CREATE TABLE comments (id " + id + ", page_id INTEGER, body VARCHAR(100), owner_id INTEGER,"
                        + " FOREIGN KEY (page_id) REFERENCES pages(id))",
                "CREATE TABLE audits (id " + id + ", what VARCHAR(100))"));
        all.addAll(rows());
        return all;
    }

    public static List<String> rows() {
        return List.of(
                "INSERT INTO pages (title, owner_id, tenant, secret) VALUES ('mine', 7, 'acme', 's1')",
                "INSERT INTO pages (title, owner_id, tenant, secret) VALUES ('theirs', 8, 'acme', 's2')",
                "INSERT INTO pages (title, owner_id, tenant, secret) VALUES ('elsewhere', 7, 'globex', 's3')",
                "INSERT INTO comments (page_id, body, owner_id) VALUES (2, 'on theirs', 7)",
                "INSERT INTO comments (page_id, body, owner_id) VALUES (1, 'on mine', 8)",
                "INSERT INTO audits (what) VALUES ('x')");
    }

    public static DbFixture fixture(Engine engine) {
        return DbFixture.of(engine, statements(engine), ModelSettings.DEFAULT, Limits.DEFAULT);
    }

    /** {@link #RULES} read against the fixture's entities. */
    public static Rulebook rules(DbFixture fixture) {
        return rules(fixture, RULES);
    }

    @SuppressWarnings("unchecked")
    public static Rulebook rules(DbFixture fixture, String json) {
        try {
            Map<String, Object> section = new ObjectMapper().readValue(json, Map.class);
            return RulebookReader.read(section, fixture.entities().model(), fixture.entities().dialect());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A user with an id and roles, as authentication makes one. */
    public static User user(String id, String... roles) {
        return new User(List.of(roles), Map.of(User.USER_ID, id, User.ROLE, String.join(",", roles)));
    }
}
