package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.TelemetryConfig.Exporter;
import dev.rt.config.TelemetryConfig.ExporterType;
import dev.rt.config.TelemetryConfig.Protocol;
import dev.rt.config.error.ConfigException;
import dev.rt.config.read.ConfigNode;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TelemetryConfigTest {
    private static Optional<TelemetryConfig> telemetry(JsonNode telemetry) {
        return TelemetryConfig.from(ConfigNode.section("telemetry", telemetry));
    }

    private static ServiceTelemetryConfig serviceTelemetry(JsonNode telemetry) {
        return ServiceTelemetryConfig.from(ConfigNode.section("telemetry", telemetry), false);
    }

    private static ServiceTelemetryConfig wrappedTelemetry(JsonNode telemetry) {
        return ServiceTelemetryConfig.from(ConfigNode.section("telemetry", telemetry), true);
    }


    @Test
    void absentMeansNoTracing() {
        assertThat(telemetry(MissingNode.getInstance())).isEmpty();
    }

    @Test
    void runtimeFormIsNamedByServiceName() {
        TelemetryConfig telemetry = telemetry(parse("""
                {"serviceName": "shop", "version": "1.2.3", "skip": [{"method": "GET", "path": "/health"}, {"path": "/metrics"}],
                 "exporter": [{"type": "otlp", "options": {"url": "http://collector:4318/v1/traces", "headers": {"x-key": "k"}}},
                              {"type": "console"}]}
                """)).orElseThrow();

        assertThat(telemetry.name()).isEqualTo("shop");
        assertThat(telemetry.version()).contains("1.2.3");
        assertThat(telemetry.skip()).containsExactly(new TelemetryConfig.Skip(Optional.of("GET"), Optional.of("/health")),
                new TelemetryConfig.Skip(Optional.empty(), Optional.of("/metrics")));
        assertThat(telemetry.exporters()).containsExactly(
                new Exporter(ExporterType.OTLP, Optional.of("http://collector:4318/v1/traces"), Map.of("x-key", "k"),
                        Optional.empty(), Protocol.HTTP),
                Exporter.CONSOLE);
        assertThat(telemetry.diagLogger()).isFalse();
        assertThat(telemetry.sampling()).isEqualTo(1.0);
        assertThat(telemetry.serviceName("api")).isEqualTo("shop-api");
    }

    @Test
    void samplingIsAFraction() {
        assertThat(telemetry(parse("{\"serviceName\": \"shop\", \"sampling\": 0.25}")).orElseThrow().sampling())
                .isEqualTo(0.25);
    }

    @Test
    void applicationFormIsNamedByApplicationNameAndHasFileAndGrpc() {
        TelemetryConfig telemetry = telemetry(parse("""
                {"applicationName": "api", "diagLogger": true,
                 "exporter": [{"type": "file", "options": {"path": "spans.json"}},
                              {"type": "otlp", "options": {"url": "http://collector:4317", "protocol": "grpc"}}]}
                """)).orElseThrow();

        assertThat(telemetry.name()).isEqualTo("api");
        assertThat(telemetry.diagLogger()).isTrue();
        assertThat(telemetry.exporters().get(0).type()).isEqualTo(ExporterType.FILE);
        assertThat(telemetry.exporters().get(0).path()).contains("spans.json");
        assertThat(telemetry.exporters().get(1).protocol()).isEqualTo(Protocol.GRPC);
    }

    @Test
    void transportAliasWinsOverTheDefaultedProtocol() {
        TelemetryConfig telemetry = telemetry(parse("""
                {"applicationName": "api",
                 "exporter": {"type": "otlp", "options": {"url": "http://c:4317", "protocol": "http", "transport": "grpc"}}}
                """)).orElseThrow();

        assertThat(telemetry.exporters().get(0).protocol()).isEqualTo(Protocol.GRPC);
    }

    @Test
    void noExporterMeansConsole() {
        assertThat(telemetry(parse("{\"serviceName\": \"shop\"}")).orElseThrow().exporters())
                .containsExactly(Exporter.CONSOLE);
    }

    @Test
    void serviceEntryTelemetryIsEnabledUnlessTurnedOff() {
        assertThat(serviceTelemetry(MissingNode.getInstance())).isEqualTo(ServiceTelemetryConfig.DEFAULTS);
        assertThat(serviceTelemetry(parse("{\"enabled\": \"false\"}")).enabled()).isFalse();
        ServiceTelemetryConfig service = serviceTelemetry(parse("""
                {"enabled": true, "instrumentations": ["jdbc", {"package": "java-http-client", "options": {"a": 1}}]}
                """));
        assertThat(service.instrumentations()).extracting(ServiceTelemetryConfig.Instrumentation::packageName)
                .containsExactly("jdbc", "java-http-client");
        assertThat(service.instrumentations().get(1).options().get("a").asInt()).isEqualTo(1);
    }

    @Test
    void anExportNameAndAnInstrumentationNameTheJavaAgentCannotHaveAreRefusedWithTheirPointers() {
        assertThatThrownBy(() -> serviceTelemetry(parse("""
                {"instrumentations": ["jdbc", {"package": "java-http-client", "exportName": "HttpInstrumentation"}]}
                """))).isInstanceOf(ConfigException.class).hasMessage("/telemetry/instrumentations/1/exportName: the"
                + " Java agent enables an instrumentation by its name alone: there is no export to choose; remove it");
        assertThatThrownBy(() -> serviceTelemetry(parse("""
                {"instrumentations": [{"package": "@opentelemetry/instrumentation-http"}]}
                """))).isInstanceOf(ConfigException.class).hasMessage("/telemetry/instrumentations/0/package:"
                + " \"@opentelemetry/instrumentation-http\" cannot name an instrumentation of the OpenTelemetry Java"
                + " agent, which rt's workers run: use the agent's name of one, such as jdbc, java-http-client or"
                + " spring-webmvc (lower case, digits, dots and dashes)");
    }

    @Test
    void theJavaAgentIsTheDefaultOfAWrappedApplicationAndOfAnyListingInstrumentations() {
        assertThat(serviceTelemetry(MissingNode.getInstance()).javaagent()).isFalse();
        assertThat(wrappedTelemetry(MissingNode.getInstance()).javaagent()).isTrue();
        assertThat(wrappedTelemetry(parse("{\"javaagent\": false}")).javaagent()).isFalse();
        assertThat(serviceTelemetry(parse("{\"instrumentations\": [\"jdbc\"]}")).javaagent()).isTrue();
        assertThat(serviceTelemetry(parse("{\"instrumentations\": [\"jdbc\"], \"javaagent\": false}")).javaagent())
                .isFalse();
    }
}
