package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.read.ConfigNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UndiciConfigTest {
    @TempDir
    Path dir;

    @Test
    void absentLeavesEveryClientDefault() {
        assertThat(UndiciConfig.from(ConfigNode.section("undici", MissingNode.getInstance()))).isEqualTo(UndiciConfig.DEFAULTS);
        assertThat(UndiciConfig.from(parse("{}"))).isEqualTo(UndiciConfig.DEFAULTS);
    }

    @Test
    void agentOptionsAreDurationsAndCounts() {
        UndiciConfig undici = UndiciConfig.from(parse("""
                {"keepAliveTimeout": 4000, "keepAliveMaxTimeout": 600000, "connections": 128, "pipelining": 1,
                 "headersTimeout": 30000, "bodyTimeout": 60000, "connectTimeout": 10000}
                """));

        assertThat(undici.keepAliveTimeout()).contains(Duration.ofSeconds(4));
        assertThat(undici.keepAliveMaxTimeout()).contains(Duration.ofMinutes(10));
        assertThat(undici.connections()).isEqualTo(OptionalInt.of(128));
        assertThat(undici.pipelining()).isEqualTo(OptionalInt.of(1));
        assertThat(undici.headersTimeout()).contains(Duration.ofSeconds(30));
        assertThat(undici.bodyTimeout()).contains(Duration.ofMinutes(1));
        assertThat(undici.connectTimeout()).contains(Duration.ofSeconds(10));
        assertThat(undici.interceptors()).isEmpty();
    }

    @Test
    void interceptorsKeepTheirOptionsUnchangeable() {
        UndiciConfig undici = UndiciConfig.from(parse("""
                {"interceptors": [
                  {"module": "idp-token", "options": {"clientId": "id", "clientSecret": "secret",
                                                      "idpTokenUrl": "https://idp/token", "origins": ["http://api.rt.local"]}}
                ]}
                """));

        assertThat(undici.interceptors()).extracting(UndiciConfig.Interceptor::module).containsExactly("idp-token");
        JsonNode options = undici.interceptors().get(0).options();
        assertThat(options.at("/origins/0").asText()).isEqualTo("http://api.rt.local");
        ((ObjectNode) options).put("clientSecret", "changed");
        assertThat(undici.interceptors().get(0).options().get("clientSecret").asText()).isEqualTo("secret");
        assertThat(undici.interceptors().get(0).toString()).doesNotContain("secret");
    }

    @Test
    void pipeliningAboveOneAndInterceptorsButTheTokenOneAreRefusedNamingTheFileAndThePointer() throws IOException {
        String token = "{\"module\": \"idp\", \"options\": {\"clientId\": \"a\", \"clientSecret\": \"b\","
                + " \"idpTokenUrl\": \"http://idp.rt.local/token\", \"origins\": [\"http://api.rt.local\"]}}";
        assertThat(load("{\"pipelining\": 1, \"interceptors\": [" + token + "]}").interceptors()).hasSize(1);
        assertThat(load("{\"pipelining\": 0}").pipelining()).isEqualTo(OptionalInt.of(0));

        assertThatThrownBy(() -> load("{\"pipelining\": 2}")).isInstanceOf(ConfigException.class)
                .hasMessage(dir.resolve("rt.json") + ": /undici/pipelining: rt's mesh sends one request at a time on"
                        + " each connection to a worker and does not pipeline them; set 0 or 1, or remove it"
                        + " (undici.connections sets how many connections to a worker may be open at once)");
        assertThatThrownBy(() -> load("{\"interceptors\": [" + token + ", {\"module\": \"undici-retry\","
                + " \"options\": {\"maxRetries\": 3}}]}")).isInstanceOf(ConfigException.class)
                .hasMessage(dir.resolve("rt.json") + ": /undici/interceptors/1: the interceptor \"undici-retry\" cannot"
                        + " run here: rt's mesh makes the workers' calls, not undici, and runs only the"
                        + " identity-provider token interceptor (options clientId, clientSecret, idpTokenUrl and"
                        + " origins); a JavaScript module cannot be loaded into it. Remove the entry, or do what it"
                        + " does in the application");
    }

    private UndiciConfig load(String undici) throws IOException {
        Files.writeString(dir.resolve("rt.json"), "{\"undici\": " + undici + ", \"services\": [{\"id\": \"a\","
                + " \"path\": \"" + Fixtures.app("probe").toString().replace("\\", "/") + "\"}]}");
        return new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty()).sections().undici();
    }
}
