package dev.rt.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** What the dashboard's configuration view hides. */
class ConfigRedactionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void secretsByNameEveryEnvValueAndUrlPasswordsAreRedactedTheRestKept() throws Exception {
        JsonNode config = JSON.readTree("""
                {"server": {"port": 3042, "https": {"key": {"path": "k.pem"}, "cert": "c.pem"}},
                 "db": {"connectionString": "postgres://app:pw@db/app", "poolSize": 10, "password": "hunter2"},
                 "auth": {"jwt": {"secret": "s"}, "enabled": true, "apiKey": 42, "webhookToken": null},
                 "services": [{"id": "a", "env": {"PLAIN": "1", "NESTED": "x"}, "url": "https://u:p4ss@example.org/x"}],
                 "note": "see redis://:only-pass@cache:6379 and http://example.org/a@b"}""");
        JsonNode redacted = ConfigRedaction.redact(config);

        assertThat(redacted.toString()).isEqualTo("""
                {"server":{"port":3042,"https":{"key":{"path":"[redacted]"},"cert":"c.pem"}},\
                "db":{"connectionString":"[redacted]","poolSize":10,"password":"[redacted]"},\
                "auth":{"jwt":{"secret":"[redacted]"},"enabled":true,"apiKey":"[redacted]","webhookToken":null},\
                "services":[{"id":"a","env":{"PLAIN":"[redacted]","NESTED":"[redacted]"},\
                "url":"https://u:[redacted]@example.org/x"}],\
                "note":"see redis://:[redacted]@cache:6379 and http://example.org/a@b"}""");
        assertThat(config.path("db").path("password").asText()).as("the original is left as it was").isEqualTo("hunter2");
    }
}
