package dev.rt.kind.db.http;

import static dev.rt.kind.db.http.DbEventsTest.INIT;
import static dev.rt.kind.db.http.DbEventsTest.awaitListeners;
import static dev.rt.kind.db.http.DbEventsTest.next;
import static dev.rt.kind.db.http.DbEventsTest.subscribe;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.GraphQlSocket;
import dev.rt.kind.db.testing.PagesSchema;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A db service with {@code authorization.rules} on a real server: a request that no authentication vouched for is
 * the anonymous role's, whatever {@code X-RT-*} headers it sends (roles and ids are never taken from a client without
 * the admin secret); REST, GraphQL and the {@code db.events} subscriptions answer it by the anonymous role's rule.
 */
@ExtendWith(TestDatabases.class)
class DbRulesServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    @SuppressWarnings("unchecked")
    void headersGrantNothingAndEveryPathAppliesTheAnonymousRule(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        db.execute(PagesSchema.statements(engine).toArray(String[]::new));
        Map<String, Object> authorization = JSON.readValue(PagesSchema.RULES, Map.class);
        try (DbEventsTest.Served served = DbEventsTest.Served.start(db, Map.of("events", true),
                Map.of("authorization", authorization));
                GraphQlSocket socket = GraphQlSocket.open(served.ws(), "graphql-transport-ws")) {
            HttpResponse<String> pages = call(served, "GET", "/pages", null, Map.of());
            assertThat(pages.statusCode()).isEqualTo(401);
            assertThat(pages.body()).contains("\"code\":\"RT_DB_AUTH_UNAUTHORIZED\"");
            for (Map<String, String> smuggled : List.of(
                    Map.of("X-RT-ROLE", "rt-admin"),
                    Map.of("X-RT-ROLE", "user", "X-RT-USER-ID", "7"),
                    Map.of("X-RT-ADMIN-SECRET", "guess", "X-RT-ROLE", "rt-admin"))) {
                assertThat(call(served, "GET", "/pages", null, smuggled).statusCode()).as(smuggled.toString())
                        .isEqualTo(401);
                assertThat(call(served, "DELETE", "/pages/1", null, smuggled).statusCode()).isEqualTo(401);
            }
            HttpResponse<String> comments = call(served, "GET", "/comments?orderby.id=asc", null, Map.of());
            assertThat(JSON.readValue(comments.body(), List.class)).containsExactly(
                    Map.of("id", "1", "body", "on theirs"), Map.of("id", "2", "body", "on mine"));
            String graphql = call(served, "POST", "/graphql", "{\"query\":\"{ comments { id page { title } } }\"}",
                    Map.of("X-RT-ROLE", "rt-admin")).body();
            assertThat(graphql).contains("field not allowed: pageId").doesNotContain("mine\"");

            assertThat(socket.send(INIT).next()).isEqualTo(Map.of("type", "connection_ack"));
            socket.send(subscribe("c", "subscription { commentSaved { id body } }"));
            socket.send(subscribe("p", "subscription { pageSaved { id title } }"));
            Map<String, Object> refused = socket.next();
            assertThat(refused).containsEntry("id", "p").containsEntry("type", "error");
            assertThat(String.valueOf(refused.get("payload"))).contains("operation not allowed: find page");
            awaitListeners(served.events(), 1);
            served.app().entities().system().save("page", Map.of("id", 1, "title", "changed"));
            served.app().entities().system().save("comment", Map.of("id", 2, "body", "edited"));
            assertThat(socket.next()).isEqualTo(next("c", Map.of("commentSaved", Map.of("id", "2",
                    "body", "edited"))));
            assertThat(socket.pending()).isEmpty();
        }
    }

    private static HttpResponse<String> call(DbEventsTest.Served served, String method, String path, String body,
            Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.server().port()
                + path)).timeout(Duration.ofSeconds(30));
        headers.forEach(request::header);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("content-type", "application/json").method(method,
                    HttpRequest.BodyPublishers.ofString(body));
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
