package dev.rt.kind.gateway.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.testing.TestPorts;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rt composer openapi schemas fetch}: the documents of the applications with a url and a file, stored. */
class FetchCommandIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path directory;

    @Test
    void documentsAreStoredAtTheirFilesAndAFailureIsSaidWithItsApplication() throws Exception {
        try (TestPorts.Held refusing = TestPorts.refusing(); OriginServer origin = OriginServer.on(0, OriginServer.ITEMS)) {
            int down = refusing.port();
            Files.writeString(directory.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/composer/1.0.0.json\","
                    + " \"composer\": {\"services\": ["
                    + "{\"id\": \"legacy\", \"origin\": \"http://127.0.0.1:" + origin.port() + "\","
                    + " \"openapi\": {\"url\": \"/documentation/json\", \"file\": \"schemas/legacy.json\"}},"
                    + "{\"id\": \"down\", \"origin\": \"http://127.0.0.1:" + down + "\","
                    + " \"openapi\": {\"url\": \"documentation/json\", \"file\": \"down.json\"}},"
                    + "{\"id\": \"fileOnly\", \"origin\": \"http://127.0.0.1:" + down + "\","
                    + " \"openapi\": {\"file\": \"schemas/legacy.json\"}}]}}");

            try (RtProcess fetch = RtProcess.fromTestdata(List.of("composer", "openapi", "schemas", "fetch", "-c",
                    directory.toString()), Map.of())) {
                assertThat(fetch.awaitExit(Duration.ofSeconds(60))).as(fetch.output()).isEqualTo(1);
                assertThat(fetch.stdout()).isEqualTo("Fetching schemas for all applications.\n"
                        + "Successfully fetched OpenAPI schema for application with id legacy");
                assertThat(fetch.stderr()).startsWith("Failed to fetch OpenAPI schema for application with id down: ");
                assertThat(fetch.stderr().lines()).hasSize(1);
            }
            String stored = Files.readString(directory.resolve("schemas/legacy.json"));
            assertThat(JSON.readTree(stored)).isEqualTo(JSON.readTree(RtProcess.HTTP.send(java.net.http.HttpRequest
                    .newBuilder(URI.create("http://127.0.0.1:" + origin.port() + "/documentation/json")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body()));
            assertThat(stored).contains("\n  \"openapi\"");
            assertThat(directory.resolve("down.json")).doesNotExist();
        }
    }
}
