package dev.rt.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.install.Installation;
import dev.rt.config.error.RtException;
import java.net.ConnectException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InProcessServiceTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void kindsFromTheClassPathOnly() {
        System.clearProperty(Installation.KINDS_PROPERTY); // as in a generated project: no kinds directory
    }

    @Test
    void startsTheApplicationOfTheDirectoryWithItsKindFromTheClassPathAndStopsItOnClose() throws Exception {
        Files.writeString(dir.resolve("rt.json"), "{\"java\": {\"build\": \"{HELLO_CLASS}\"}}");
        Files.writeString(dir.resolve(".env"), "HELLO_CLASS=dev.rt.testdata.bench.JsonHello\n");
        int port;
        try (InProcessService service = InProcessService.start(dir)) {
            port = service.port();
            HttpResponse<String> response = service.get("/");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("{\"hello\":\"world\"}");
            assertThat(service.uri("/x").toString()).isEqualTo("http://127.0.0.1:" + port + "/x");
        }
        assertThatThrownBy(() -> new java.net.Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
    }

    @Test
    void anInvalidConfigurationIsRefusedNamingTheFileAndPointer() throws Exception {
        Files.writeString(dir.resolve("rt.json"), "{\"java\": {\"build\": 3}}");
        assertThatThrownBy(() -> InProcessService.start(dir)).isInstanceOf(RtException.class)
                .hasMessageContaining(dir.resolve("rt.json") + ": /java/build");
    }
}
