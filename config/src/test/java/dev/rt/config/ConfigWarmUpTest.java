package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ConfigWarmUpTest {
    private static RuntimeConfig loadDemo() {
        Path demo = Fixtures.testdata().resolve("demo");
        return new RuntimeConfigLoader(Map.of(), demo).load(Optional.empty());
    }

    @Test
    void aLoadBesideTheWarmUpGivesWhatALoadAloneGives() throws Exception {
        CompletableFuture<Void> warmUp = CompletableFuture.runAsync(ConfigWarmUp::run);
        RuntimeConfig during = loadDemo();
        warmUp.get(30, TimeUnit.SECONDS);

        assertThat(during).usingRecursiveComparison().isEqualTo(loadDemo());
    }
}
