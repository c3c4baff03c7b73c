package dev.rt.kind.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.KindLog;
import dev.rt.kind.testing.TestContext;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GatewayLogTest {
    private final TestContext runtime = new TestContext(Path.of("."));

    private static void all(KindLog log) {
        log.debug("d");
        log.info("i");
        log.warn("w");
        log.error("e");
        log.error("e", new IllegalStateException("x"));
    }

    @Test
    void entriesBelowTheGatewaysLevelAreLeftOut() {
        all(GatewayLog.of(runtime.log(), Optional.of("warn")));

        assertThat(runtime.logged()).containsExactly("WARN w", "ERROR e", "ERROR e [java.lang.IllegalStateException: x]");
    }

    @Test
    void withoutALevelEverythingGoesThroughAndSilentLeavesEverythingOut() {
        all(GatewayLog.of(runtime.log(), Optional.empty()));
        assertThat(runtime.logged()).hasSize(5);
        runtime.logged().clear();

        all(GatewayLog.of(runtime.log(), Optional.of("silent")));
        assertThat(runtime.logged()).isEmpty();
    }
}
