package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gateway's {@code server} is its own definition (gateway.json's {@code gatewayServer}), not the service kind's:
 * the loader fills in no server-shaping default of the service kind (1 MiB {@code bodyLimit}, 72 s
 * {@code keepAliveTimeout}, {@code pluginTimeout}...), which the public server would apply to every routed request
 * and which a gateway without workers refuses.
 */
class GatewayServerDefaultsTest {
    @TempDir
    Path dir;

    private JsonNode loadedServer(String kind, String server) throws IOException {
        Files.createDirectories(dir.resolve("edge"));
        Files.writeString(dir.resolve("edge/rt.json"), "{\"" + kind + "\": {}, \"server\": " + server + "}");
        Files.writeString(dir.resolve("rt.json"), "{\"services\": [{\"id\": \"edge\", \"path\": \"edge\"}]}");
        RuntimeConfig config = new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty());
        return config.service("edge").orElseThrow().application().configuration().path("server");
    }

    @Test
    void aGatewayWithoutWorkersAndACorsBlockStartsWithNoBodyLimitOfTheServiceKind() throws IOException {
        for (String kind : new String[] {"gateway", "composer"}) {
            JsonNode server = loadedServer(kind, "{\"cors\": {\"origin\": \"*\"}}");

            assertThat(server.has("cors")).as(kind).isTrue();
            assertThat(server.has("bodyLimit")).as(kind).isFalse();
            assertThat(server.has("keepAliveTimeout")).as(kind).isFalse();
            assertThat(server.has("pluginTimeout")).as(kind).isFalse();
            assertThat(server.has("disableRequestLogging")).as(kind).isFalse();
            assertThat(server.path("cors").path("methods").asText()).as("the CORS defaults are the service kind's")
                    .isEqualTo("GET,HEAD,PUT,PATCH,POST,DELETE");
        }
    }

    @Test
    void aServiceGetsTheServiceKindsDefaults() throws IOException {
        JsonNode server = loadedServer("service", "{\"cors\": {\"origin\": \"*\"}}");

        assertThat(server.path("bodyLimit").asLong()).isEqualTo(1_048_576);
        assertThat(server.path("keepAliveTimeout").asLong()).isEqualTo(72_000);
    }
}
