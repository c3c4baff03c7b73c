package dev.rt.kind.db.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.auth.testing.Keycloak;
import dev.rt.auth.testing.Realm;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A db service secured by a real Keycloak, end to end: {@code rt start} on a SQLite service whose
 * {@code authorization} trusts the shared Keycloak's key set (RS256, found by OpenID discovery) and whose rules give
 * the realm's {@code editor} and {@code reader} only the documents they own ({@code "ownerId": "X-RT-USER-ID"}, the
 * token's {@code sub}). Alice (editor, reader) and Bob (reader) each see only their rows through REST list, get,
 * update and GraphQL; no token is a 401, a role without the right a 403; a key Keycloak rotates to during the test
 * is fetched on its first token; the scheduler's calls to the service are the runtime's own identity (sealed in
 * {@code X-RT-IDENTITY}), which a client cannot send. One runtime for the class.
 */
@ExtendWith(TestDatabases.class)
class KeycloakRowsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADMIN_SECRET = "the db's admin secret, for tests only";
    private static Realm realm;
    private static Rt rt;
    private static String bobId;

    @BeforeAll
    static void start() throws Exception {
        realm = Keycloak.shared().realm();
        TestDatabase database = TestDatabases.fresh(Engine.SQLITE);
        Path service = database.directory().resolve("documents");
        Files.createDirectories(service.resolve("migrations"));
        Files.writeString(service.resolve("migrations/001.do.sql"), "CREATE TABLE documents (id INTEGER PRIMARY KEY,"
                + " title TEXT NOT NULL, owner_id TEXT NOT NULL);\n");
        Files.writeString(service.resolve("migrations/001.undo.sql"), "DROP TABLE documents;\n");
        Map<String, Object> ownRows = Map.of("checks", Map.of("ownerId", "X-RT-USER-ID"));
        JSON.writeValue(service.resolve("rt.json").toFile(), Map.of(
                "$schema", "https://schemas.rt.dev/db/1.0.0.json",
                "db", Map.of("connectionString", database.connectionString()),
                "migrations", Map.of("dir", "migrations", "autoApply", true),
                "authorization", Map.of("adminSecret", ADMIN_SECRET, "rolePath", "realm_access.roles",
                        "jwt", Map.of("jwks", Map.of("allowedDomains", List.of(realm.issuer()),
                                        "providerDiscovery", true, "ttl", 3_600_000),
                                "verify", Map.of("allowedAud", List.of(Realm.AUDIENCE), "algorithms",
                                        List.of("RS256"))),
                        "rules", List.of(
                                Map.of("role", "editor", "entity", "document", "find", ownRows, "save", ownRows,
                                        "insert", true, "defaults", Map.of("ownerId", "X-RT-USER-ID")),
                                Map.of("role", "reader", "entity", "document", "find", ownRows)))));
        Files.writeString(database.directory().resolve("rt.json"), """
                {"entrypoint": "documents", "managementApi": true, "server": {"hostname": "127.0.0.1", "port": 0},
                 "services": [{"id": "documents", "path": "documents"}],
                 "scheduler": [{"name": "file-report", "cron": "0 0 1 1 *", "maxRetry": 1, "method": "POST",
                                "callbackUrl": "http://documents.rt.local/documents",
                                "body": {"title": "filed by the scheduler", "ownerId": "rt-scheduler"}}]}
                """);
        rt = Rt.start(database.directory().resolve("rt.json")).awaitListening();

        String alice = realm.passwordToken("alice");
        for (String title : List.of("alice's plan", "alice's notes")) {
            HttpResponse<String> created = call("POST", "/documents", alice, "{\"title\":\"" + title
                    + "\",\"ownerId\":\"someone else\"}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        }
        bobId = claims(realm.passwordToken("bob")).path("sub").asText();
        HttpResponse<String> bobs = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/documents"))
                .header("Content-Type", "application/json").header("X-RT-ADMIN-SECRET", ADMIN_SECRET)
                .POST(HttpRequest.BodyPublishers.ofString("{\"title\":\"bob's diary\",\"ownerId\":\"" + bobId
                        + "\"}")));
        assertThat(bobs.statusCode()).as(bobs.body()).isEqualTo(200);
    }

    @AfterAll
    static void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    @Test
    void eachUserListsOnlyTheirRows() throws Exception {
        JsonNode alices = body(call("GET", "/documents?orderby.id=asc", realm.passwordToken("alice"), null));
        assertThat(alices.findValuesAsText("title")).containsExactly("alice's plan", "alice's notes");
        assertThat(alices.findValuesAsText("ownerId"))
                .as("the defaults set the owner to the token's sub, whatever the body said")
                .containsOnly(claims(realm.passwordToken("alice")).path("sub").asText());

        JsonNode bobs = body(call("GET", "/documents", realm.passwordToken("bob"), null));
        assertThat(bobs.findValuesAsText("title")).containsExactly("bob's diary");
        assertThat(body(call("GET", "/documents?where.title.like=alice%25", realm.passwordToken("bob"), null)))
                .as("a filter does not widen the check").isEmpty();
    }

    @Test
    void aGetOfAnotherUsersRowFindsNothing() throws Exception {
        String bob = realm.passwordToken("bob");
        String bobsRow = body(call("GET", "/documents", bob, null)).get(0).path("id").asText();

        assertThat(call("GET", "/documents/" + bobsRow, bob, null).statusCode()).isEqualTo(200);
        assertThat(call("GET", "/documents/" + bobsRow, realm.passwordToken("alice"), null).statusCode())
                .isEqualTo(404);
    }

    @Test
    void anUpdateTouchesOnlyOwnRowsAndNeedsTheRight() throws Exception {
        String alice = realm.passwordToken("alice");
        String bob = realm.passwordToken("bob");
        String alicesRow = body(call("GET", "/documents?orderby.id=asc", alice, null)).get(0).path("id").asText();
        String bobsRow = body(call("GET", "/documents", bob, null)).get(0).path("id").asText();

        HttpResponse<String> own = call("PUT", "/documents/" + alicesRow, alice,
                document("alice's plan", "someone else"));
        assertThat(own.statusCode()).as(own.body()).isEqualTo(200);
        assertThat(body(own).path("ownerId").asText()).as("the defaults keep the row hers")
                .isEqualTo(claims(alice).path("sub").asText());
        assertThat(call("PUT", "/documents/" + bobsRow, alice, document("taken", bobId)).statusCode())
                .as("another user's row is refused to an editor (the row stays Bob's, below)").isIn(403, 404);
        HttpResponse<String> reader = call("PUT", "/documents/" + bobsRow, bob, document("mine", bobId));
        assertThat(reader.statusCode()).as("a reader may not save, even its own row").isEqualTo(403);
        assertThat(body(reader).path("code").asText()).isEqualTo("RT_DB_AUTH_UNAUTHORIZED");
        assertThat(body(call("GET", "/documents", bob, null)).findValuesAsText("title")).containsExactly("bob's diary");
    }

    @Test
    void graphQlShowsEachUserOnlyTheirRows() throws Exception {
        String query = "{\"query\":\"{ documents(orderBy: {field: id, direction: ASC}) { title ownerId } }\"}";

        JsonNode alices = body(call("POST", "/graphql", realm.passwordToken("alice"), query));
        assertThat(alices.at("/data/documents").findValuesAsText("title"))
                .containsExactly("alice's plan", "alice's notes");
        JsonNode bobs = body(call("POST", "/graphql", realm.passwordToken("bob"), query));
        assertThat(bobs.at("/data/documents").findValuesAsText("title")).containsExactly("bob's diary");
        assertThat(bobs.at("/data/documents").findValuesAsText("ownerId")).containsExactly(bobId);
    }

    @Test
    void noTokenIsA401AndARoleWithoutARuleA403() throws Exception {
        HttpResponse<String> anonymous = call("GET", "/documents", null, null);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(body(anonymous).path("code").asText()).isEqualTo("RT_DB_AUTH_UNAUTHORIZED");

        HttpResponse<String> robot = call("GET", "/documents", realm.clientToken("rt-app"), null);
        assertThat(robot.statusCode()).as("the robot role has no rule for documents").isEqualTo(403);

        String[] parts = realm.passwordToken("alice").split("\\.");
        HttpResponse<String> forged = call("GET", "/documents", parts[0] + "." + parts[1] + ".AAAA", null);
        assertThat(forged.statusCode()).isEqualTo(401);
        assertThat(body(forged).path("code").asText()).isEqualTo("RT_AUTH_TOKEN_INVALID");
    }

    @Test
    void aKeyKeycloakRotatesToIsFetchedOnItsFirstToken() throws Exception {
        String before = realm.passwordToken("alice");
        assertThat(call("GET", "/documents", before, null).statusCode()).isEqualTo(200);

        String kid = realm.rotateKey();
        String after = realm.passwordToken("alice");
        assertThat(header(after).path("kid").asText()).isEqualTo(kid).isNotEqualTo(header(before).path("kid").asText());

        HttpResponse<String> rotated = call("GET", "/documents", after, null);
        assertThat(rotated.statusCode()).as(rotated.body()).isEqualTo(200);
        assertThat(body(rotated).findValuesAsText("title")).containsExactlyInAnyOrder("alice's plan", "alice's notes");
        assertThat(call("GET", "/documents", before, null).statusCode()).as("the old key still verifies its tokens")
                .isEqualTo(200);
    }

    @Test
    void theSchedulersCallsAreTheRuntimesOwnNotAnonymous() throws Exception {
        Process curl = new ProcessBuilder("curl", "-s", "-X", "POST", "--unix-socket", Path.of(
                System.getProperty("java.io.tmpdir"), "rt", "pids", Long.toString(rt.pid())).toString(),
                "http://localhost/api/v1/scheduler/file-report/run").redirectErrorStream(true).start();
        JsonNode run = JSON.readTree(curl.getInputStream().readAllBytes());
        assertThat(curl.waitFor(30, TimeUnit.SECONDS)).isTrue();

        assertThat(run.path("success").asBoolean()).as("the run: %s; rt's output: %s", run, rt.output()).isTrue();
        HttpResponse<String> filed = rt.send(HttpRequest.newBuilder(URI.create(rt.url()
                + "/documents?where.ownerId.eq=rt-scheduler")).header("X-RT-ADMIN-SECRET", ADMIN_SECRET));
        assertThat(body(filed).findValuesAsText("title")).containsExactly("filed by the scheduler");
        assertThat(body(call("GET", "/documents", realm.passwordToken("bob"), null)).findValuesAsText("title"))
                .as("the row is the scheduler's: no one else's checks find it").containsExactly("bob's diary");
    }

    @Test
    void aSealedIdentityAClientSendsIsRemovedAtTheEntrypoint() throws Exception {
        HttpResponse<String> forged = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/documents"))
                .header("X-RT-IDENTITY", "eyJhbGciOiJIUzI1NiJ9.eyJyb2xlcyI6WyJydC1hZG1pbiJdfQ.AAAA"));
        assertThat(forged.statusCode()).as("the caller is anonymous, the header gone: %s", forged.body())
                .isEqualTo(401);
        assertThat(body(forged).path("code").asText()).isEqualTo("RT_DB_AUTH_UNAUTHORIZED");
    }

    private static HttpResponse<String> call(String method, String path, String token, String json)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(rt.url() + path)).method(method,
                json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return rt.send(request);
    }

    private static String document(String title, String ownerId) {
        return "{\"title\":\"" + title + "\",\"ownerId\":\"" + ownerId + "\"}";
    }

    private static JsonNode body(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    /** A token's payload, read (not verified: rt verifies it) to know the user's id. */
    private static JsonNode claims(String token) throws Exception {
        return JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
    }

    private static JsonNode header(String token) throws Exception {
        return JSON.readTree(new String(Base64.getUrlDecoder().decode(token.split("\\.")[0]), StandardCharsets.UTF_8));
    }
}
