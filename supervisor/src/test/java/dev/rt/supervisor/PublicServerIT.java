package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The public server as configured in rt.json, with real worker JVMs: TLS from {@code {path}} files relative
 * to the configuration, h2, basePath and rt's own limits.
 */
class PublicServerIT {
    @TempDir
    Path dir;

    private void copyCertificates() throws IOException {
        Path tls = Files.createDirectories(dir.resolve("tls"));
        for (String name : List.of("localhost-cert.pem", "localhost-key.pem")) {
            Files.copy(Fixtures.testdata().resolve("tls").resolve(name), tls.resolve(name));
        }
    }

    private static String curl(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "--max-time", "20"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void httpsWithH2AndBasePathFromTheConfiguration() throws Exception {
        copyCertificates();
        String config = "{\"entrypoint\": \"api\", \"basePath\": \"/api\", \"server\": {\"hostname\": \"127.0.0.1\","
                + " \"port\": 0, \"http2\": true, \"https\": {\"allowHTTP1\": true, \"key\": {\"path\": \"tls/localhost-key.pem\"},"
                + " \"cert\": [{\"path\": \"tls/localhost-cert.pem\"}]}, \"maxHeaderSize\": 4096, \"headersTimeout\": 5000},"
                + " \"services\": [" + service("api", "probe") + "]}";
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            assertThat(rt.url()).startsWith("https://127.0.0.1:");
            assertThat(rt.log()).contains("rt is now listening at " + rt.url())
                    .contains("TLS of the public server by BoringSSL");

            assertThat(curl("-k", "--http2", "-w", " %{http_version}", rt.url() + "/api/hello")).isEqualTo("hello 2");
            assertThat(curl("-k", "--http1.1", "-w", " %{http_version}", rt.url() + "/api/hello")).isEqualTo("hello 1.1");
            assertThat(curl("-k", rt.url() + "/hello"))
                    .isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Route GET:/hello not found\"}");
            assertThat(curl("-k", "-o", "/dev/null", "-w", "%{http_code}", "-H", "X-Big: " + "b".repeat(5000),
                    rt.url() + "/api/hello")).isEqualTo("431");
        }
    }

    @Test
    void unreadableCertificateFailsTheStartNamingTheFile() throws Exception {
        String config = "{\"entrypoint\": \"api\", \"server\": {\"port\": 0, \"https\": {\"key\": {\"path\": \"missing-key.pem\"},"
                + " \"cert\": {\"path\": \"missing-cert.pem\"}}}, \"services\": [" + service("api", "probe") + "]}";
        RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, config);
        try {
            assertThatThrownBy(rt::start)
                    .isInstanceOf(RtException.class)
                    .hasMessage("server.https.cert: cannot read " + dir.resolve("missing-cert.pem")
                            + ": no such file (a relative path is relative to the configuration file)")
                    .extracting(e -> ((RtException) e).code()).isEqualTo("RT_CONFIG_INVALID");
            assertThat(rt.pids()).isEmpty();
        } finally {
            rt.close();
        }
    }
}
