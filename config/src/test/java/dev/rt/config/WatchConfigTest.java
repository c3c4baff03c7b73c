package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WatchConfigTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static WatchConfig watch(String json) throws Exception {
        return WatchConfig.from(ConfigNode.section("watch", JSON.readTree(json)));
    }

    @Test
    void withoutASettingEveryFileCountsAndFalseOrEnabledFalseTurnsItOff() throws Exception {
        assertThat(WatchConfig.from(ConfigNode.section("watch", null))).isEqualTo(WatchConfig.DEFAULTS);
        assertThat(WatchConfig.DEFAULTS.counts(Path.of("lib/app.jar"))).isTrue();
        assertThat(watch("false").enabled()).isFalse();
        assertThat(watch("\"0\"").enabled()).isFalse();
        assertThat(watch("{\"enabled\": false}").enabled()).isFalse();
        assertThat(watch("{\"ignore\": null}").enabled()).isTrue();
    }

    @Test
    void allowPicksTheFilesThatCountAndIgnoreWinsOverIt() throws Exception {
        WatchConfig watch = watch("{\"allow\": [\"**/*.class\", \"*.jar\"], \"ignore\": [\"generated/**\"]}");

        assertThat(watch.counts(Path.of("classes/dev/Api.class"))).isTrue();
        assertThat(watch.counts(Path.of("lib/app.jar"))).as("a glob without / matches the file name").isTrue();
        assertThat(watch.counts(Path.of("notes.txt"))).isFalse();
        assertThat(watch.counts(Path.of("generated/dev/Gen.class"))).isFalse();
    }
}
