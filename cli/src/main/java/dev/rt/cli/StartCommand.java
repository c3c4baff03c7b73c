package dev.rt.cli;

import dev.rt.supervisor.RuntimeSession;
import dev.rt.supervisor.config.RuntimeConfig;
import dev.rt.supervisor.config.RuntimeConfigLoader;
import dev.rt.supervisor.log.RuntimeLog;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rt start}: runs the runtime in the foreground until SIGINT or SIGTERM. */
@Command(name = "start", mixinStandardHelpOptions = true,
        description = {"Start every service of the configuration as supervised worker JVMs and serve the "
                + "entrypoint publicly. Runs until Ctrl-C (SIGINT) or SIGTERM, then stops gracefully.",
                "Without -c, looks for rt.json, rt.yml, rt.yaml, rt.tml, rt.toml in the current directory."})
final class StartCommand implements Callable<Integer> {
    @Option(names = {"-c", "--config"}, paramLabel = "<path>",
            description = "The runtime (or service) configuration file, or a directory holding one.")
    Path config;

    @Option(names = "--pretty", negatable = true,
            description = "Human-readable log lines instead of JSON (default: when standard output is a terminal "
                    + "and RT_PRETTY_PRINT is not false).")
    Boolean pretty;

    @Override
    public Integer call() {
        RuntimeConfig loaded = new RuntimeConfigLoader(System.getenv(), Path.of("")).load(Optional.ofNullable(config));
        boolean human = pretty != null ? pretty
                : System.console() != null && !"false".equalsIgnoreCase(System.getenv("RT_PRETTY_PRINT"));
        RuntimeLog log = new RuntimeLog(System.out, human);
        return new RuntimeSession(loaded, log, System.getenv()).run();
    }
}
