package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.output.OutputFiles;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rt ctl profile -s <service[:N]> --duration 30s -o file.jfr}: a JFR recording of a live worker. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Record a worker of a running runtime with Java Flight Recorder (the JDK's \"profile\" "
                + "settings) for a while, and write the recording. Read it with `jfr summary|print` or JDK Mission Control."})
final class CtlProfileCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Option(names = {"-s", "--service"}, required = true, paramLabel = "<service[:N]>",
            description = "The service (its first started worker), or service:N for worker N.")
    String service;

    @Option(names = "--duration", paramLabel = "<duration>", defaultValue = "30s",
            description = "How long to record: 500ms, 30s, 2m (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<file.jfr>", description = "Where to write the recording.")
    Path output;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        OutputFiles.checkWritable(spec.commandLine(), output, "-o");
        Duration length = parse(duration);
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        long bytes = runtime.client().download("POST", "/services/" + service + "/profile?durationMillis="
                + length.toMillis(), output, length.plusMinutes(5));
        spec.commandLine().getOut().println("Wrote a " + duration + " recording of " + service + " to " + output + " ("
                + bytes + " bytes).");
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    private Duration parse(String text) {
        var matcher = java.util.regex.Pattern.compile("(\\d+)(ms|s|m)").matcher(text.toLowerCase(Locale.ROOT).strip());
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
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
