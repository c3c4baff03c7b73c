package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import dev.rt.cli.output.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --port} and {@code --hostname} of {@code rt <kind> create}, on the distribution: an application created on
 * its own listens where they say when {@code rt start} runs it alone; inside a runtime's directory they are refused.
 * The gateway kind, because its project needs no build.
 */
class StandaloneCreateIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path work;

    @Test
    void anApplicationCreatedAloneListensWhereItsPortAndHostnameSay() throws Exception {
        try (RtProcess create = RtProcess.start(work, Map.of(), "gateway", "create", "--dir", "edge", "--port", "0",
                "--hostname", "127.0.0.1", "--no-git", "--no-install")) {
            assertThat(create.awaitExit(LIMIT)).isZero();
        }
        Path edge = work.resolve("edge");
        assertThat(Files.readString(edge.resolve(".env"))).contains("RT_SERVER_HOSTNAME=127.0.0.1\nPORT=0\n");
        try (RtProcess rt = RtProcess.start(edge, Map.of(), "start")) {
            String url = rt.awaitListening(LIMIT);
            assertThat(url).startsWith("http://127.0.0.1:").isNotEqualTo("http://127.0.0.1:3042"); // not the default
        }
    }

    @Test
    void insideARuntimeTheRuntimeSaysWhereItListens() throws Exception {
        Files.writeString(work.resolve("rt.json"), "{\"autoload\": {\"path\": \"services\"}}");
        try (RtProcess create = RtProcess.start(work, Map.of(), "gateway", "create", "--port", "4000", "--no-git",
                "--no-install")) {
            assertThat(create.awaitExit(LIMIT)).isEqualTo(ExitCodes.USAGE);
            assertThat(create.awaitStderr("rt: --port: the application joins the runtime in " + work, LIMIT))
                    .endsWith("which listens where its own .env says: set it there");
        }
        assertThat(work.resolve("services")).doesNotExist();
    }
}
