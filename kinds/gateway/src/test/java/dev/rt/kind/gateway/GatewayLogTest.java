package dev.rt.kind.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.KindLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GatewayLogTest {
    private final List<String> written = new ArrayList<>();
    private final KindLog runtime = new KindLog() {
        @Override
        public void debug(String message) {
            written.add("debug " + message);
        }

        @Override
        public void info(String message) {
            written.add("info " + message);
        }

        @Override
        public void warn(String message) {
            written.add("warn " + message);
        }

        @Override
        public void error(String message) {
            written.add("error " + message);
        }

        @Override
        public void error(String message, Throwable cause) {
            written.add("error " + message + ": " + cause.getMessage());
        }
    };

    private static void all(KindLog log) {
        log.debug("d");
        log.info("i");
        log.warn("w");
        log.error("e");
        log.error("e", new IllegalStateException("x"));
    }

    @Test
    void entriesBelowTheGatewaysLevelAreLeftOut() {
        all(GatewayLog.of(runtime, Optional.of("warn")));

        assertThat(written).containsExactly("warn w", "error e", "error e: x");
    }

    @Test
    void withoutALevelOrSilentEverythingOrNothingGoesThrough() {
        all(GatewayLog.of(runtime, Optional.empty()));
        assertThat(written).hasSize(5);
        written.clear();

        all(GatewayLog.of(runtime, Optional.of("silent")));
        assertThat(written).isEmpty();
    }
}
