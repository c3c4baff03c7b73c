package dev.rt.kind.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The {@code server} defaults live in the kind's schema only: a server given no settings (a gateway's workers, which
 * get no defaults filled in) has the values the schema's {@code default}s say, the reference framework's.
 */
class ServerDefaultsTest {
    @Test
    void aServerWithoutSettingsHasTheSchemasDefaults() {
        ServerSettings none = ServerSettings.from(Map.of());

        assertThat(none.bodyLimit()).isEqualTo(ServerDefaults.number("bodyLimit")).isEqualTo(1_048_576);
        assertThat(none.maxParamLength()).isEqualTo(ServerDefaults.number("maxParamLength")).isEqualTo(100);
        assertThat(none.keepAliveTimeout()).isEqualTo(ServerDefaults.number("keepAliveTimeout")).isEqualTo(72_000);
        assertThat(none.requestIdLogLabel()).isEqualTo(ServerDefaults.of("requestIdLogLabel")).isEqualTo("reqId");
        assertThat(none.forceCloseConnections()).isEqualTo(ServerDefaults.of("forceCloseConnections")).isEqualTo("idle");
        assertThat(none.caseSensitive()).isTrue();
        assertThat(none.exposeHeadRoutes()).isTrue();
        assertThat(none.ignoreTrailingSlash()).isFalse();
        assertThat(none.disableRequestLogging()).isFalse();
        assertThat(none.healthCheckInterval()).isEmpty();
    }

    @Test
    void aHealthRouteWithoutIntervalRunsItsChecksAtTheSchemasInterval() {
        assertThat(ServerSettings.from(Map.of("healthCheck", true)).healthCheckInterval())
                .isEqualTo(Optional.of(ServerDefaults.healthCheckInterval())).contains(5000L);
        assertThat(ServerSettings.from(Map.of("healthCheck", Map.of())).healthCheckInterval()).contains(5000L);
    }

    @Test
    void whatTheLoaderFillsInFromTheSchemaIsWhatAServerWithoutSettingsHas() {
        JsonObject properties = ServerDefaults.schema().getJsonObject("$defs")
                .getJsonObject("applicationServer").getJsonObject("properties");
        Map<String, Object> filled = new HashMap<>();
        for (String key : properties.fieldNames()) {
            try {
                filled.put(key, ServerDefaults.of(key));
            } catch (IllegalStateException noDefault) {
                // a setting without a default stays absent, as the loader leaves it
            }
        }
        assertThat(filled).containsKeys("bodyLimit", "pluginTimeout", "requestIdLogLabel", "trustProxy");
        assertThat(ServerSettings.from(filled)).usingRecursiveComparison().ignoringFields("trustProxy")
                .isEqualTo(ServerSettings.from(Map.of()));
    }
}
