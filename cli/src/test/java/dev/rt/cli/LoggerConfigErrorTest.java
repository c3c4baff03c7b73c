package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.output.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A logger section rt cannot honour stops {@code rt start} before any worker starts, naming file and pointer. */
class LoggerConfigErrorTest {
    private final StringWriter err = new StringWriter();

    private int start(Path dir, String logger) throws Exception {
        Files.writeString(dir.resolve("rt.json"), "{\"entrypoint\": \"api\", \"server\": {\"port\": 0}, \"logger\": " + logger
                + ", \"services\": [" + Fixtures.service("api", "probe", "") + "]}");
        CommandLine commandLine = RtCommand.commandLine();
        commandLine.setOut(new PrintWriter(new StringWriter(), true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute("start", "-c", dir.resolve("rt.json").toString());
    }

    @Test
    void anUnknownTransportTargetIsAConfigurationErrorNamingTheFileAndTheTarget(@TempDir Path dir) throws Exception {
        assertThat(start(dir, "{\"transport\": {\"target\": \"pino-loki\"}}")).isEqualTo(ExitCodes.CONFIG);
        assertThat(err.toString()).isEqualTo("rt: " + dir.resolve("rt.json") + ": /logger/transport/target: unknown log "
                + "target \"pino-loki\"; rt's built-in targets are stdout, pino/file, pino-roll, rolling-file, pino-pretty, "
                + "pretty (rt cannot load Node.js transports)" + System.lineSeparator());
    }

    @Test
    void aLevelThatIsNoCustomLevelIsAConfigurationError(@TempDir Path dir) throws Exception {
        assertThat(start(dir, "{\"level\": \"notice\", \"customLevels\": {\"audit\": 35}}")).isEqualTo(ExitCodes.CONFIG);
        assertThat(err.toString()).isEqualTo("rt: " + dir.resolve("rt.json") + ": /logger/level: unknown log level "
                + "\"notice\"; expected silent, one of trace, debug, info, warn, error, fatal, audit "
                + "(/logger/customLevels adds names)" + System.lineSeparator());
    }
}
