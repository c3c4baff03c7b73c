package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** spareWorker: the runtime's ("entrypoint" by default, true, false) and a service's own, which wins. */
class SpareWorkerConfigTest {
    @TempDir
    Path dir;

    private RuntimeConfig load(String runtimeSetting) throws IOException {
        String probe = Fixtures.app("probe").toString().replace("\\", "/");
        Files.writeString(dir.resolve("rt.json"), "{" + runtimeSetting + "\"entrypoint\": \"api\", \"services\": ["
                + "{\"id\": \"api\", \"path\": \"" + probe + "\"}, {\"id\": \"one\", \"path\": \"" + probe + "\"},"
                + " {\"id\": \"two\", \"path\": \"" + probe + "\", \"workers\": 2},"
                + " {\"id\": \"own\", \"path\": \"" + probe + "\", \"workers\": 2, \"spareWorker\": true},"
                + " {\"id\": \"off\", \"path\": \"" + probe + "\", \"spareWorker\": false}]}");
        return new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty());
    }

    private static Map<String, Boolean> spares(RuntimeConfig config) {
        Map<String, Boolean> spares = new java.util.TreeMap<>();
        config.services().forEach(service -> spares.put(service.id(), service.spareWorker()));
        return spares;
    }

    @Test
    void byDefaultOnlyTheEntrypointAndTheServicesThatAskKeepASpare() throws IOException {
        assertThat(spares(load(""))).isEqualTo(Map.of("api", true, "one", false, "two", false, "own", true, "off", false));
        assertThat(spares(load("\"spareWorker\": \"entrypoint\", "))).isEqualTo(spares(load("")));
    }

    @Test
    void trueMeansEverySingleWorkerServiceAndFalseNoneButThoseThatAsk() throws IOException {
        assertThat(spares(load("\"spareWorker\": true, ")))
                .isEqualTo(Map.of("api", true, "one", true, "two", false, "own", true, "off", false));
        assertThat(spares(load("\"spareWorker\": false, ")))
                .isEqualTo(Map.of("api", false, "one", false, "two", false, "own", true, "off", false));
    }

    @Test
    void anyOtherValueIsRefusedWithItsPointer() {
        assertThatThrownBy(() -> load("\"spareWorker\": \"always\", ")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(dir.resolve("rt.json") + ": /spareWorker: ");
    }
}
