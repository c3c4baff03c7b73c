package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ManagementApiConfigTest {
    private static ManagementApiConfig managementApi(JsonNode managementApi) {
        return ManagementApiConfig.from(ConfigNode.section("managementApi", managementApi));
    }


    @Test
    void absentOrFalseDoesNotStart() {
        assertThat(managementApi(MissingNode.getInstance()).enabled()).isFalse();
        assertThat(managementApi(parse("false")).enabled()).isFalse();
    }

    @Test
    void trueKeepsTwoHundredMegabytesOfLogs() {
        ManagementApiConfig api = managementApi(parse("true"));

        assertThat(api.enabled()).isTrue();
        assertThat(api.logsMaxSizeBytes()).isEqualTo(200L * 1024 * 1024);
        assertThat(api.socket()).isEmpty();
    }

    @Test
    void objectGivesLogSizeInMegabytesAndACustomSocket() {
        ManagementApiConfig api = managementApi(parse("{\"logs\": {\"maxSize\": 5}, \"socket\": \"/run/rt.sock\"}"));

        assertThat(api).isEqualTo(new ManagementApiConfig(true, 5L << 20, Optional.of(Path.of("/run/rt.sock"))));
        assertThat(managementApi(parse("{}"))).isEqualTo(ManagementApiConfig.DEFAULTS);
    }

    @Test
    void lessThanFiveMegabytesIsRefused() {
        assertThatThrownBy(() -> managementApi(parse("{\"logs\": {\"maxSize\": 4}}")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("/managementApi/logs/maxSize: must be between 5 and 2147483647, found 4");
        assertThatThrownBy(() -> new ManagementApiConfig(true, 4L << 20, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 5 MB");
    }
}
