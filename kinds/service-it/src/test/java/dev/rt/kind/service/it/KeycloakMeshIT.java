package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.auth.testing.Keycloak;
import dev.rt.auth.testing.Realm;
import dev.rt.cli.e2e.RtProcess;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The caller's identity across the mesh: the entrypoint service (relay) calls a service with an
 * {@code authorization} section (whoami) on behalf of its caller with {@code client.as(request)}, or as itself.
 */
class KeycloakMeshIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path directory;

    @Test
    void aPluginForwardsItsCallersIdentityOnlyWhenItAsksTo() throws Exception {
        Realm realm = Keycloak.shared().realm();
        Path fixtures = RtProcess.TESTDATA.resolve("service-plugins/target/fixtures").toAbsolutePath();
        write("whoami/rt.json", Map.of("$schema", "https://schemas.rt.dev/service/1.0.0.json",
                "plugins", Map.of("paths", List.of(fixtures.resolve("whoami").toString())),
                "authorization", Map.of("rolePath", "realm_access.roles", "jwt", Map.of("jwks", Map.of(
                        "allowedDomains", List.of(realm.issuer()), "providerDiscovery", true)))));
        write("relay/rt.json", Map.of("$schema", "https://schemas.rt.dev/service/1.0.0.json",
                "plugins", Map.of("paths", List.of(fixtures.resolve("relay").toString())),
                "clients", List.of(Map.of("serviceId", "whoami"))));
        Path runtime = write("rt.json", Map.of("$schema", "https://schemas.rt.dev/runtime/1.0.0.json",
                "entrypoint", "relay", "server", Map.of("hostname", "127.0.0.1", "port", 0),
                "services", List.of(Map.of("id", "whoami", "path", "whoami"), Map.of("id", "relay", "path", "relay"))));

        try (RtProcess rt = RtProcess.fromTestdata(List.of("start", "-c", runtime.toString()), Map.of())
                .listening(Duration.ofSeconds(120))) {
            String alice = "Bearer " + realm.passwordToken("alice");
            JsonNode forwarded = JSON.readTree(rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/relay"))
                    .header("Authorization", alice)).body());
            JsonNode own = JSON.readTree(rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/relay/own"))
                    .header("Authorization", alice)).body());

            assertThat(forwarded.path("username").asText()).isEqualTo("alice");
            assertThat(forwarded.path("roles").toString()).contains("\"editor\"");
            assertThat(own.path("roles").toString()).isEqualTo("[\"anonymous\"]");
            assertThat(rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/relay"))
                    .header("Authorization", "Bearer not.a.token")).statusCode()).isEqualTo(401);
        }
    }

    private Path write(String name, Map<String, Object> content) throws Exception {
        Path file = directory.resolve(name);
        Files.createDirectories(file.getParent());
        JSON.writeValue(file.toFile(), content);
        return file;
    }
}
