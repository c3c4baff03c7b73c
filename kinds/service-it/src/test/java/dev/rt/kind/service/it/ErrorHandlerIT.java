package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code server.errorHandler} (testdata/services/envelope) answers every error, unknown routes included. */
class ErrorHandlerIT {
    @Test
    void theServiceErrorHandlerAnswersEveryFailure() throws Exception {
        try (RtProcess rt = RtProcess.startService("envelope/rt.json").listening(Duration.ofSeconds(60))) {
            assertThat(rt.get("/crash").body())
                    .isEqualTo("{\"statusCode\":500,\"code\":\"E_500\",\"message\":\"Something went wrong\"}");
            assertThat(rt.get("/nowhere").body())
                    .isEqualTo("{\"statusCode\":404,\"code\":\"E_404\",\"message\":\"Route GET:/nowhere not found\"}");
            assertThat(rt.post("/movies", "application/json", "{}").body()).isEqualTo("{\"statusCode\":400,"
                    + "\"code\":\"FST_ERR_VALIDATION\",\"message\":\"body must have required property 'title'\"}");
            rt.terminate();
            assertThat(rt.awaitExit(Duration.ofSeconds(15))).isZero();
        }
    }
}
