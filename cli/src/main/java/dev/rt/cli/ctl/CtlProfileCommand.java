package dev.rt.cli.ctl;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code rt ctl profile -s <service[:N]> --duration 30s -o file.jfr}: a JFR recording of a live worker. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Record a worker of a running runtime with Java Flight Recorder (the JDK's \"profile\" "
                + "settings) for a while, and write the recording. Read it with `jfr summary|print` or JDK Mission Control."})
final class CtlProfileCommand extends WorkerRecordingCommand {
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m)");

    @Option(names = "--duration", paramLabel = "<duration>", defaultValue = "30s",
            description = "How long to record: 500ms, 30s, 2m (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<file.jfr>", description = "Where to write the recording.")
    Path output;

    private Duration length;

    @Override
    Path output() {
        return output;
    }

    @Override
    String action() {
        length = parse(duration);
        return "profile?durationMillis=" + length.toMillis();
    }

    @Override
    Duration timeout() {
        return length.plusMinutes(5);
    }

    @Override
    String written(long bytes) {
        return "Wrote a " + duration + " recording of " + service + " to " + output + " (" + bytes + " bytes).";
    }

    private Duration parse(String text) {
        var matcher = DURATION.matcher(text.toLowerCase(Locale.ROOT).strip());
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw new ParameterException(spec.commandLine(),
                    "--duration: expected a positive number with ms, s or m (for example 30s), found \"" + text + "\"");
        }
        long value = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(value);
            case "s" -> Duration.ofSeconds(value);
            default -> Duration.ofMinutes(value);
        };
    }
}
