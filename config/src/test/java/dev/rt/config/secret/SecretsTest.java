package dev.rt.config.secret;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What rt never shows: in a configuration ({@code rt ctl config}, the dashboard), in environment variables
 * ({@code rt ctl env}) and in log lines.
 */
class SecretsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void secretsByNameEveryEnvValueAndUrlPasswordsAreRedactedTheRestKept() throws Exception {
        JsonNode config = JSON.readTree("""
                {"server": {"port": 3042, "https": {"key": {"path": "k.pem"}, "cert": "c.pem"}},
                 "db": {"connectionString": "postgres://app:pw@db/app", "poolSize": 10, "password": "hunter2"},
                 "auth": {"jwt": {"secret": "s"}, "enabled": true, "apiKey": 42, "webhookToken": null},
                 "services": [{"id": "a", "env": {"PLAIN": "1", "NESTED": "x"}, "url": "https://u:p4ss@example.org/x"}],
                 "note": "see redis://:only-pass@cache:6379 and http://example.org/a@b"}""");
        JsonNode redacted = Secrets.redact(config, true);

        assertThat(redacted.toString()).isEqualTo("""
                {"server":{"port":3042,"https":{"key":{"path":"[redacted]"},"cert":"c.pem"}},\
                "db":{"connectionString":"[redacted]","poolSize":10,"password":"[redacted]"},\
                "auth":{"jwt":{"secret":"[redacted]"},"enabled":true,"apiKey":"[redacted]","webhookToken":null},\
                "services":[{"id":"a","env":{"PLAIN":"[redacted]","NESTED":"[redacted]"},\
                "url":"https://u:[redacted]@example.org/x"}],\
                "note":"see redis://:[redacted]@cache:6379 and http://example.org/a@b"}""");
        assertThat(config.path("db").path("password").asText()).as("the original is left as it was").isEqualTo("hunter2");
    }

    @Test
    void environmentVariablesBySecretNamesAndUrlPasswords() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PORT", "3042");
        env.put("JWT_SECRET", "s3cr3t");
        env.put("DB_PASSWORD", "hunter2");
        env.put("API_KEY", "abc");
        env.put("GITHUB_TOKEN", "ghp_x");
        env.put("DATABASE_URL", "postgres://app:pw@db/app");
        assertThat(Secrets.redactEnvironment(env)).containsExactly(Map.entry("PORT", "3042"),
                Map.entry("JWT_SECRET", "[redacted]"), Map.entry("DB_PASSWORD", "[redacted]"),
                Map.entry("API_KEY", "[redacted]"), Map.entry("GITHUB_TOKEN", "[redacted]"),
                Map.entry("DATABASE_URL", "postgres://app:[redacted]@db/app"));
    }

    @Test
    void logTextLosesHeadersTokensSecretPairsAndUrlPasswords() {
        assertThat(Secrets.redactText("GET /hello took 3 ms")).isEqualTo("GET /hello took 3 ms");
        assertThat(Secrets.redactText("request headers: Authorization: Bearer eyJhbGciOi.x.y, Accept: */*"))
                .isEqualTo("request headers: Authorization: [redacted], Accept: */*");
        assertThat(Secrets.redactText("{\"level\":30,\"req\":{\"headers\":{\"authorization\":\"Basic dTpw\","
                + "\"x-rt-admin-secret\":\"adm\",\"host\":\"a\"}},\"adminSecret\":\"s\",\"msg\":\"in\"}"))
                .isEqualTo("{\"level\":30,\"req\":{\"headers\":{\"authorization\":\"[redacted]\","
                        + "\"x-rt-admin-secret\":\"[redacted]\",\"host\":\"a\"}},\"adminSecret\":\"[redacted]\","
                        + "\"msg\":\"in\"}");
        assertThat(Secrets.redactText("calling with bearer abc.def and password=hunter2&user=x"))
                .isEqualTo("calling with bearer [redacted] and password=[redacted]&user=x");
        assertThat(Secrets.redactText("connecting to redis://:pw@cache:6379"))
                .isEqualTo("connecting to redis://:[redacted]@cache:6379");
        assertThat(Secrets.redactText("cannot reach postgres://rt:***@db:5432/app, nor redis://:a***b@cache"))
                .as("a password a kind masked already keeps its mask; one that only contains stars does not")
                .isEqualTo("cannot reach postgres://rt:***@db:5432/app, nor redis://:[redacted]@cache");
    }
}
