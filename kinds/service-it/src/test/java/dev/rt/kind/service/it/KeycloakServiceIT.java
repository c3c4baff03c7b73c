package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.auth.testing.Keycloak;
import dev.rt.auth.testing.Realm;
import dev.rt.cli.e2e.RtProcess;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service with an {@code authorization} section behind a real Keycloak: its plugin reads the caller with
 * {@code service.user(request)}; a bad token is a 401 with rt's body; headers a client sends grant no role without
 * the admin secret.
 */
class KeycloakServiceIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADMIN_SECRET = "an admin secret for the tests only";
    @TempDir
    static Path directory;
    private static Realm realm;
    private static RtProcess rt;

    @BeforeAll
    static void start() throws Exception {
        realm = Keycloak.shared().realm();
        Path whoami = RtProcess.TESTDATA.resolve("service-plugins/target/fixtures/whoami").toAbsolutePath();
        Path config = directory.resolve("rt.json");
        JSON.writeValue(config.toFile(), Map.of("$schema", "https://schemas.rt.dev/service/1.0.0.json",
                "server", Map.of("hostname", "127.0.0.1", "port", 0),
                "plugins", Map.of("paths", List.of(whoami.toString())), "service", Map.of("openapi", true),
                "authorization", Map.of("adminSecret", ADMIN_SECRET, "rolePath", "realm_access.roles",
                        "jwt", Map.of("jwks", Map.of("allowedDomains", List.of(realm.issuer()),
                                "providerDiscovery", true), "verify", Map.of("allowedAud", List.of(Realm.AUDIENCE))))));
        rt = RtProcess.fromTestdata(List.of("start", "-c", config.toString()), Map.of())
                .listening(Duration.ofSeconds(90));
    }

    @AfterAll
    static void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    private static HttpResponse<String> whoami(Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(rt.url() + "/whoami"));
        headers.forEach(request::header);
        return rt.send(request);
    }

    private static JsonNode body(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    @Test
    void aPluginSeesTheUserOfAKeycloakToken() throws Exception {
        HttpResponse<String> answer = whoami(Map.of("Authorization", "Bearer " + realm.passwordToken("alice")));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(body(answer).path("username").asText()).isEqualTo("alice");
        assertThat(body(answer).path("roles").toString()).contains("\"editor\"", "\"reader\"");
    }

    @Test
    void withoutCredentialsTheCallerIsAnonymous() throws Exception {
        assertThat(body(whoami(Map.of())).path("roles").toString()).isEqualTo("[\"anonymous\"]");
    }

    @Test
    void aTokenThatDoesNotHoldIsA401WithABodySayingWhy() throws Exception {
        String[] parts = realm.passwordToken("bob").split("\\.");
        HttpResponse<String> answer = whoami(Map.of("Authorization", "Bearer " + parts[0] + "." + parts[1] + ".AAAA"));

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertThat(body(answer).path("statusCode").asInt()).isEqualTo(401);
        assertThat(body(answer).path("code").asText()).isEqualTo("RT_AUTH_TOKEN_INVALID");
        assertThat(body(answer).path("message").asText()).isNotBlank();
    }

    @Test
    void headersAClientSendsGrantNoRoleWithoutTheAdminSecret() throws Exception {
        JsonNode smuggled = body(whoami(Map.of("X-RT-ROLE", "rt-admin", "X-RT-USER-ID", "42",
                "Authorization", "Bearer " + realm.passwordToken("bob"))));
        assertThat(smuggled.path("roles").toString()).doesNotContain("rt-admin").contains("\"reader\"");
        assertThat(smuggled.path("admin").asBoolean()).isFalse();

        assertThat(whoami(Map.of("X-RT-ADMIN-SECRET", "a guess")).statusCode()).isEqualTo(401);
        JsonNode admin = body(whoami(Map.of("X-RT-ADMIN-SECRET", ADMIN_SECRET)));
        assertThat(admin.path("admin").asBoolean()).isTrue();
        JsonNode impersonated = body(whoami(Map.of("X-RT-ADMIN-SECRET", ADMIN_SECRET, "X-RT-ROLE", "reader")));
        assertThat(impersonated.path("roles").toString()).isEqualTo("[\"reader\"]");
    }

    @Test
    void theOpenApiDocumentDeclaresTheCredentials() throws Exception {
        JsonNode document = JSON.readTree(rt.get("/documentation/json").body());

        assertThat(document.at("/components/securitySchemes/bearerAuth/scheme").asText()).isEqualTo("bearer");
        assertThat(document.at("/components/securitySchemes/adminSecret/name").asText()).isEqualTo("X-RT-ADMIN-SECRET");
        assertThat(document.path("security").toString()).isEqualTo("[{},{\"bearerAuth\":[]},{\"adminSecret\":[]}]");
    }
}
