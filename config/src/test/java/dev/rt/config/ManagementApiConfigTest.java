package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ManagementApiConfigTest {

    @Test
    void absentOrFalseDoesNotStart() {
        assertThat(ManagementApiConfig.from(MissingNode.getInstance()).enabled()).isFalse();
        assertThat(ManagementApiConfig.from(parse("false")).enabled()).isFalse();
    }

    @Test
    void trueKeepsTwoHundredMegabytesOfLogs() {
        ManagementApiConfig api = ManagementApiConfig.from(parse("true"));

        assertThat(api.enabled()).isTrue();
        assertThat(api.logsMaxSizeBytes()).isEqualTo(200L * 1024 * 1024);
        assertThat(api.socket()).isEmpty();
    }

    @Test
    void objectGivesLogSizeInMegabytesAndACustomSocket() {
        ManagementApiConfig api = ManagementApiConfig.from(parse("{\"logs\": {\"maxSize\": 5}, \"socket\": \"/run/rt.sock\"}"));

        assertThat(api).isEqualTo(new ManagementApiConfig(true, 5L << 20, Optional.of(Path.of("/run/rt.sock"))));
        assertThat(ManagementApiConfig.from(parse("{}"))).isEqualTo(ManagementApiConfig.DEFAULTS);
    }

    @Test
    void lessThanFiveMegabytesIsRefused() {
        assertThatThrownBy(() -> ManagementApiConfig.from(parse("{\"logs\": {\"maxSize\": 4}}")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 5 MB");
    }
}
