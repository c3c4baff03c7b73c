package dev.rt.kind.gateway.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A gateway in development (testdata/services/gateway-dev) re-reading the document of a service of the runtime every
 * 20 ms (its requests not logged, so that the test reads every line of the stop in time): when the runtime stops, the
 * re-reads stop before the service does, so no failed fetch is logged.
 */
class DevelopmentGatewayIT {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @Test
    void theReReadsEndBeforeTheServicesStop() throws Exception {
        try (RtProcess rt = RtProcess.fromTestdata(
                List.of("start", "--dev", "-c", RtProcess.SERVICES.resolve("gateway-dev").toString()), Map.of())
                .listening(LIMIT)) {
            assertThat(rt.get("/movies/movies").statusCode()).isEqualTo(200);

            rt.terminate();

            assertThat(rt.awaitExit(LIMIT)).isZero();
            rt.awaitStdout("The runtime has stopped.", LIMIT);
            assertThat(rt.stdout()).contains("Stopped the worker 0 of the service \\\"movies\\\".")
                    .doesNotContain("failed to fetch schema").doesNotContain("failed to get applications");
        }
    }
}
