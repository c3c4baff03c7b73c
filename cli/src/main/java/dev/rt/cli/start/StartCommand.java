package dev.rt.cli.start;

import dev.rt.cli.output.ExitCodes;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import dev.rt.config.ServiceConfig;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.RuntimeOptions;
import dev.rt.supervisor.RuntimeSession;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.process.Debugger;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rt start}: runs the runtime in the foreground until SIGINT or SIGTERM; SIGUSR2 restarts every service. */
@Command(name = "start", mixinStandardHelpOptions = true,
        description = {"Start every service of the configuration as supervised worker JVMs and serve the "
                + "entrypoint publicly. Runs until Ctrl-C (SIGINT) or SIGTERM, then stops gracefully. "
                + "SIGUSR2 restarts every service, one worker at a time, without stopping rt.",
                "Without -c, looks for rt.json, rt.yml, rt.yaml, rt.tml, rt.toml in the current directory."})
public final class StartCommand implements Callable<Integer> {
    @Option(names = {"-c", "--config"}, paramLabel = "<path>",
            description = "The runtime (or service) configuration file, or a directory holding one.")
    Path config;

    @Option(names = "--pretty", negatable = true,
            description = "Human-readable log lines instead of JSON (default: when standard output is a terminal "
                    + "and RT_PRETTY_PRINT is not false).")
    Boolean pretty;

    @Option(names = "--dev",
            description = "Development mode: one worker per service, restartOnError delays honoured (production "
                    + "restarts at once), RT_ENVIRONMENT=development in every worker; with watch, a changed file under a"
                    + " service's src/main/java or src/main/resources is compiled as by rt compile.")
    boolean development;

    @Option(names = "--inspect", arity = "0..1", fallbackValue = "", paramLabel = "[host:]port",
            description = "Open a JDWP debugger port on every worker: the first on port (default 127.0.0.1:9229), "
                    + "the next ones counting up; each is printed in the log. Health checks are off.")
    String inspect;

    @Option(names = "--inspect-brk", arity = "0..1", fallbackValue = "", paramLabel = "[host:]port",
            description = "Like --inspect, and every worker waits for a debugger before it runs (startTimeout is off).")
    String inspectBrk;

    @Option(names = "--check",
            description = "Only load and validate the configuration and every service's own, print a one-line summary "
                    + "and exit 0; nothing is started. An invalid configuration exits 3, as without --check.")
    boolean check;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        RuntimeOptions options = RuntimeOptions.DEFAULTS.withDevelopment(development).withDebugger(debugger());
        RuntimeConfigLoader loader = new RuntimeConfigLoader(System.getenv(), Path.of(""));
        RuntimeConfig loaded = loader.load(Optional.ofNullable(config));
        if (check) {
            return printCheck(loaded);
        }
        boolean human = pretty != null ? pretty
                : System.console() != null && !"false".equalsIgnoreCase(System.getenv("RT_PRETTY_PRINT"));
        try (RuntimeLog log = runtimeLog(loaded, human);
                SourceWatch sources = development && loaded.watch()
                        ? SourceWatch.start(loaded.file(), new PrintWriter(System.err, true)) : null) {
            int status = new RuntimeSession(loaded, () -> loader.load(Optional.ofNullable(config)), options, log,
                    System.getenv()).run();
            ClassDataAtExit.archive().ifPresent(archive -> log.info(ClassDataAtExit.message(archive)));
            return status;
        }
    }

    /** The runtime log the {@code logger} section describes; its errors name the configuration file. */
    private static RuntimeLog runtimeLog(RuntimeConfig loaded, boolean pretty) {
        try {
            return new RuntimeLog(loaded.sections().logger(), loaded.root(),
                    loaded.services().stream().map(ServiceConfig::id).toList(), System.out, pretty);
        } catch (ConfigException e) {
            throw new ConfigException(e.errorCode(), loaded.file() + ": " + e.getMessage(), e);
        }
    }

    private int printCheck(RuntimeConfig loaded) {
        loaded.warnings().forEach(warning -> spec.commandLine().getErr().println("rt: warning: " + warning));
        spec.commandLine().getOut().println(loaded.file() + ": valid; " + loaded.services().size() + " services, entrypoint \""
                + loaded.entrypoint() + "\", " + loaded.services().stream().mapToInt(ServiceConfig::workers).sum() + " workers");
        spec.commandLine().getErr().flush();
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    private Debugger debugger() {
        if (inspect != null && inspectBrk != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--inspect and --inspect-brk cannot be used together; --inspect-brk already opens the debugger port");
        }
        try {
            if (inspectBrk != null) {
                return Debugger.parse("--inspect-brk", inspectBrk, true);
            }
            return inspect != null ? Debugger.parse("--inspect", inspect, false) : Debugger.OFF;
        } catch (RtException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
