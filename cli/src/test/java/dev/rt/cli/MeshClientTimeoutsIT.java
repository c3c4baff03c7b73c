package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code undici.headersTimeout} and {@code undici.bodyTimeout} with real workers: the service {@code api} calls the
 * service {@code back} through the mesh, and {@code back} answers late, or pauses in the middle of its body.
 */
class MeshClientTimeoutsIT {
    @TempDir
    Path dir;

    @Test
    void aLateHeadIsAnswered504AndAStalledBodyIsCutWhileABodyThatKeepsComingArrivesWhole() throws Exception {
        Path config = dir.resolve("rt.json");
        Files.writeString(config, "{\"entrypoint\": \"api\", \"server\": {\"port\": 0}, \"undici\":"
                + " {\"headersTimeout\": 2000, \"bodyTimeout\": 2000}, \"services\": [" + Fixtures.service("api", "probe", "")
                + ", " + Fixtures.service("back", "probe", "") + "]}");
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            rt.awaitListening(Duration.ofSeconds(90));

            // the probe's /call answers with the status and the body that its call got; back's worker may serve
            // one request at a time, so the call that keeps it busy longest comes last
            HttpResponse<String> dripping = rt.get("/call?url=http://back.rt.local/drip?parts=4%26ms=700");
            assertThat(dripping.body()).isEqualTo("200 part 0\npart 1\npart 2\npart 3\n");

            HttpResponse<String> stalled = rt.get("/call?url=http://back.rt.local/drip?parts=2%26ms=4000");
            assertThat(stalled.statusCode()).isEqualTo(502);
            assertThat(stalled.body()).startsWith("call failed: java.io.IOException");

            HttpResponse<String> late = rt.get("/call?url=http://back.rt.local/sleep?ms=4000");
            assertThat(late.body()).isEqualTo("504 {\"statusCode\":504,\"error\":\"Gateway Timeout\",\"code\":"
                    + "\"RT_SERVICE_TIMEOUT\",\"message\":\"Service \\\"back\\\" did not answer within 2000 ms"
                    + " (undici.headersTimeout)\"}");
        }
    }
}
