package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.LoggerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets never reach the log, without any {@code logger.redact}: a worker's line that carries an Authorization
 * header (as text, or in a JSON log line's request headers), a secret setting, a bearer token; the runtime's own
 * line with a Redis URL's password.
 */
class SecretLinesTest {
    @TempDir
    Path dir;

    @Test
    void authorizationHeadersSecretSettingsTokensAndUrlPasswordsAreRedacted() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (RuntimeLog log = new RuntimeLog(LoggerConfig.defaults(), dir, List.of("api"),
                new PrintStream(out, true, StandardCharsets.UTF_8), false)) {
            log.worker("api", 0, false, "> GET /x\nAuthorization: Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.sig");
            log.worker("api", 0, false, "{\"level\":30,\"time\":1,\"req\":{\"headers\":{\"authorization\":\"Basic "
                    + "dXNlcjpodW50ZXIy\",\"host\":\"api\"}},\"msg\":\"incoming request\"}");
            log.worker("api", 0, true, "loaded {\"authorization\":{\"adminSecret\":\"s3cr3t-admin\"}}");
            log.worker("api", 0, false, "calling the IdP with bearer abc.def.ghi and client_secret=xyz123");
            log.warn("The HTTP cache's store redis://:hunter2@cache:6379 cannot be reached");
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).doesNotContain("eyJhbGciOiJSUzI1NiJ9", "dXNlcjpodW50ZXIy", "s3cr3t-admin", "abc.def.ghi",
                "xyz123", "hunter2");
        assertThat(text).contains("Authorization: [redacted]")
                .contains("\"authorization\":\"[redacted]\",\"host\":\"api\"")
                .contains("\\\"adminSecret\\\":\\\"[redacted]\\\"")
                .contains("bearer [redacted] and client_secret=[redacted]")
                .contains("redis://:[redacted]@cache:6379")
                .contains("\"msg\":\"incoming request\"");
    }
}
