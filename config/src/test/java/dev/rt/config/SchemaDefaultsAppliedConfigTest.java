package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.walk.ApplyDefaultsStrategy;
import dev.rt.config.read.ConfigNode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The schema defaults, applied by the validator's own walker (independent of rt's loader), read into the records
 * give the values the records fall back to when a setting is absent: the records and the schema agree.
 */
class SchemaDefaultsAppliedConfigTest {
    private static ConfigNode section(JsonNode config, String key) {
        return ConfigNode.section(key, config.get(key));
    }


    private static JsonNode withDefaults(String kind, String json) {
        JsonNode instance = BundledSchemas.parse(json);
        BundledSchemas.schema(kind).walk(instance, false,
                context -> context.walkConfig(walk -> walk.applyDefaultsStrategy(new ApplyDefaultsStrategy(true, false, false))));
        assertThat(BundledSchemas.validate(kind, instance)).isEmpty();
        return instance;
    }

    @Test
    void minimalRuntimeGetsTheDocumentedDefaults() {
        JsonNode config = withDefaults("runtime", "{\"services\": [{\"id\": \"api\", \"path\": \"api\"}]}");

        assertThat(config.get("workers").asInt()).isEqualTo(1);
        assertThat(config.get("startTimeout").asInt()).isEqualTo(30000);
        assertThat(config.get("restartOnError").asBoolean()).isTrue();
        assertThat(config.get("exitOnUnhandledErrors").asBoolean()).isTrue();
        assertThat(config.get("serviceTimeout").asInt()).isEqualTo(300000);
        assertThat(config.get("messagingTimeout").asInt()).isEqualTo(300000);
        assertThat(config.get("sourceMaps").asBoolean()).isFalse();
        assertThat(config.get("watch").asBoolean()).isFalse();
        assertThat(config.get("resolvedServicesBasePath").asText()).isEqualTo("external");
        assertThat(config.get("gracefulShutdown")).isEqualTo(BundledSchemas.parse("{\"service\": 10000, \"runtime\": 10000, \"drain\": 0}"));
        assertThat(config.get("health")).isEqualTo(BundledSchemas.parse("{\"enabled\": true, \"interval\": 30000, "
                + "\"gracePeriod\": 30000, \"maxUnhealthyChecks\": 10, \"maxELU\": 0.99, \"maxHeapUsed\": 0.99, "
                + "\"maxHeapTotal\": \"4G\"}"));
        assertThat(config.at("/services/0").has("useHttp"))
                .as("an explicit entry merged over an autoloaded one keeps the mapping's useHttp").isFalse();
        assertThat(config.at("/services/0").has("workers")).as("a service inherits the runtime's workers").isFalse();
        assertThat(config.has("metrics")).as("no metrics server unless configured").isFalse();
        assertThat(config.has("managementApi")).as("no management API unless configured").isFalse();
        assertThat(config.has("server")).as("the entrypoint's own server settings apply").isFalse();
    }

    @Test
    void emptySectionsGetTheRecordsDefaults() {
        JsonNode config = withDefaults("runtime", """
                {"services": [{"id": "api", "path": "api", "health": {"maxELU": 0.5}}],
                 "metrics": {}, "managementApi": {}, "httpCache": {}, "logger": {"redact": {"paths": ["a"]}},
                 "scheduler": [{"name": "n", "cron": "* * * * *", "callbackUrl": "http://api.rt.local/"}],
                 "telemetry": {"serviceName": "shop"}}
                """);

        assertThat(config.at("/services/0/health").size()).as("service health overrides get no defaults").isEqualTo(1);
        assertThat(MetricsConfig.from(section(config, "metrics"))).isEqualTo(MetricsConfig.DEFAULTS);
        assertThat(config.at("/metrics/readiness").asBoolean()).isTrue();
        assertThat(ManagementApiConfig.from(section(config, "managementApi"))).isEqualTo(ManagementApiConfig.DEFAULTS);
        assertThat(config.at("/managementApi/logs/maxSize").asInt()).isEqualTo(200);
        assertThat(HttpCacheConfig.from(section(config, "httpCache"))).isEqualTo(HttpCacheConfig.DEFAULTS);
        assertThat(config.at("/httpCache/methods")).isEqualTo(BundledSchemas.parse("[\"GET\", \"HEAD\"]"));

        LoggerConfig logger = LoggerConfig.from(section(config, "logger"));
        assertThat(config.at("/logger/level").asText()).isEqualTo("info");
        assertThat(config.at("/logger/messageKey").asText()).isEqualTo("msg");
        assertThat(config.at("/logger/captureStdio").asBoolean()).isFalse();
        assertThat(logger.redact()).contains(new LoggerConfig.Redact(List.of("a"), "[redacted]"));

        SchedulerJobConfig job = SchedulerJobConfig.from(section(config, "scheduler").elements().get(0));
        assertThat(job).isEqualTo(new SchedulerJobConfig(true, "n", "* * * * *", "http://api.rt.local/", "GET",
                Optional.empty(), java.util.Map.of(), 3));
        assertThat(config.at("/scheduler/0/maxRetry").asInt()).isEqualTo(3);

        TelemetryConfig telemetry = TelemetryConfig.from(section(config, "telemetry")).orElseThrow();
        assertThat(config.at("/telemetry/exporter/type").asText()).isEqualTo("console");
        assertThat(telemetry.exporters()).containsExactly(TelemetryConfig.Exporter.CONSOLE);
    }

    @Test
    void metricsProbeObjectsGetTheirDefaults() {
        JsonNode config = withDefaults("runtime", """
                {"services": [{"id": "api", "path": "api"}],
                 "metrics": {"readiness": {}, "liveness": {"success": {}, "fail": {"body": "down"}}}}
                """);

        assertThat(config.at("/metrics/readiness")).isEqualTo(BundledSchemas.parse(
                "{\"endpoint\": \"/ready\", \"success\": {\"statusCode\": 200, \"body\": \"OK\"}, "
                        + "\"fail\": {\"statusCode\": 500, \"body\": \"ERR\"}}"));
        assertThat(MetricsConfig.from(section(config, "metrics")).liveness())
                .isEqualTo(new ProbeConfig(true, "/status", 200, "OK", 500, "down"));
    }

    @Test
    void applicationSectionsGetTheDocumentedDefaults() {
        JsonNode service = withDefaults("service", """
                {"service": {"openapi": {}}, "server": {"healthCheck": {}},
                 "telemetry": {"applicationName": "a", "exporter": {"type": "otlp", "options": {"url": "http://c:4318/v1/traces"}}}}
                """);
        assertThat(service.at("/service/openapi/swaggerPrefix").asText()).isEqualTo("/documentation");
        assertThat(service.at("/service/openapi/ui").asBoolean()).isTrue();
        assertThat(service.at("/service/graphql").asBoolean()).isFalse();
        assertThat(service.at("/server/healthCheck/interval").asInt()).isEqualTo(5000);
        assertThat(service.at("/server/http2").asBoolean()).isFalse();
        assertThat(service.at("/server/requestIdLogLabel").asText()).isEqualTo("reqId");
        assertThat(service.at("/server/jsonShorthand").asBoolean()).isTrue();
        assertThat(service.at("/server/trustProxy").asBoolean()).isFalse();
        assertThat(service.at("/telemetry/exporter/options/protocol").asText()).isEqualTo("http");

        JsonNode db = withDefaults("db", "{\"db\": {\"connectionString\": \"sqlite://db\"}, \"migrations\": {\"dir\": \"m\"}}");
        assertThat(db.at("/db/openapi").asBoolean()).isTrue();
        assertThat(db.at("/migrations/autoApply").asBoolean()).isFalse();
        assertThat(db.at("/migrations/table").asText()).isEqualTo("versions");
        assertThat(db.at("/migrations/validateChecksums").asBoolean()).isTrue();

        JsonNode runtime = withDefaults("java", "{\"java\": {\"main\": \"a.Main\"}, \"runtime\": {}}");
        assertThat(runtime.at("/runtime/startTimeout").asInt()).isEqualTo(30000);
        assertThat(runtime.at("/runtime/gracefulShutdown/runtime").asInt()).isEqualTo(10000);
        assertThat(Duration.ofMillis(runtime.at("/runtime/serviceTimeout").asLong())).isEqualTo(Duration.ofMinutes(5));
    }
}
