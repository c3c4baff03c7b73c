package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class UndiciConfigTest {

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
                                                      "idpTokenUrl": "https://idp/token", "origins": ["http://api.rt.local"]}},
                  {"module": "retry"}
                ]}
                """));

        assertThat(undici.interceptors()).extracting(UndiciConfig.Interceptor::module).containsExactly("idp-token", "retry");
        JsonNode options = undici.interceptors().get(0).options();
        assertThat(options.at("/origins/0").asText()).isEqualTo("http://api.rt.local");
        ((ObjectNode) options).put("clientSecret", "changed");
        assertThat(undici.interceptors().get(0).options().get("clientSecret").asText()).isEqualTo("secret");
        assertThat(undici.interceptors().get(0).toString()).doesNotContain("secret");
        assertThat(undici.interceptors().get(1).options().isEmpty()).isTrue();
    }
}
