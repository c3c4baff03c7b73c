package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.read.ConfigNode;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MetricsConfigTest {
    private static MetricsConfig metrics(JsonNode metrics) {
        return MetricsConfig.from(ConfigNode.section("metrics", metrics));
    }


    @Test
    void absentOrFalseStartsNoServer() {
        assertThat(metrics(MissingNode.getInstance())).isEqualTo(MetricsConfig.DISABLED);
        assertThat(metrics(null)).isEqualTo(MetricsConfig.DISABLED);
        assertThat(metrics(parse("false"))).isEqualTo(MetricsConfig.DISABLED);
        assertThat(MetricsConfig.DISABLED.startsServer()).isFalse();
    }

    @Test
    void trueServesMetricsAndProbesWithDefaults() {
        MetricsConfig metrics = metrics(parse("true"));

        assertThat(metrics).isEqualTo(MetricsConfig.DEFAULTS);
        assertThat(metrics.enabled()).isTrue();
        assertThat(metrics.hostname()).isEqualTo("0.0.0.0");
        assertThat(metrics.port()).isEqualTo(9090);
        assertThat(metrics.endpoint()).isEqualTo("/metrics");
        assertThat(metrics.auth()).isEmpty();
        assertThat(metrics.readiness()).isEqualTo(new ProbeConfig(true, "/ready", 200, "OK", 500, "ERR"));
        assertThat(metrics.liveness()).isEqualTo(new ProbeConfig(true, "/status", 200, "OK", 500, "ERR"));
    }

    @Test
    void objectWithDefaultsAppliedIsReadAsWritten() {
        MetricsConfig metrics = metrics(parse("""
                {"enabled": true, "hostname": "127.0.0.1", "port": 9191, "endpoint": "/prom",
                 "auth": {"username": "prom", "password": "s3cret"},
                 "readiness": {"endpoint": "/readyz", "success": {"statusCode": 204, "body": ""},
                               "fail": {"statusCode": 503, "body": "down"}},
                 "liveness": false}
                """));

        assertThat(metrics).isEqualTo(new MetricsConfig(true, "127.0.0.1", 9191, "/prom",
                Optional.of(new MetricsConfig.Auth("prom", "s3cret")),
                new ProbeConfig(true, "/readyz", 204, "", 503, "down"),
                ProbeConfig.disabled("/status")));
        assertThat(metrics.auth().orElseThrow().toString()).doesNotContain("s3cret");
    }

    @Test
    void enabledFromAPlaceholderStringIsABoolean() {
        assertThat(metrics(parse("{\"enabled\": \"false\"}")).enabled()).isFalse();
        assertThat(metrics(parse("{\"enabled\": \"\"}")).enabled()).isFalse();
        assertThat(metrics(parse("{\"enabled\": \"TRUE\"}")).enabled()).isTrue();
    }

    @Test
    void disabledMetricsStillServeTheProbes() {
        MetricsConfig metrics = metrics(parse("{\"enabled\": false}"));

        assertThat(metrics.enabled()).isFalse();
        assertThat(metrics.startsServer()).isTrue();
        assertThat(metrics(parse("{\"enabled\": false, \"readiness\": false, \"liveness\": false}"))
                .startsServer()).isFalse();
    }

    @Test
    void probeObjectMissingPartsFallsBackToDefaults() {
        assertThat(ProbeConfig.from(ConfigNode.section("readiness", parse("{\"fail\": {\"statusCode\": 503}}")),
                ProbeConfig.READINESS_ENDPOINT))
                .isEqualTo(new ProbeConfig(true, "/ready", 200, "OK", 503, "ERR"));
        assertThat(ProbeConfig.from(ConfigNode.section("liveness", parse("\"false\"")), ProbeConfig.LIVENESS_ENDPOINT).enabled())
                .isFalse();
    }
}
