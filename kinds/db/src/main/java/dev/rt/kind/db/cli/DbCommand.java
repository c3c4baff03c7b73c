package dev.rt.kind.db.cli;

import dev.rt.config.error.RtException;
import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import dev.rt.kind.db.application.DbSettings;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every {@code rt db} command shares: {@code -c, --config}, the db service it names, a log on the console, and
 * errors said as {@code rt: <message>} with an exit status (3 for a configuration that cannot be used, 1 for an
 * operation that failed), never a stack trace.
 */
abstract class DbCommand implements Callable<Integer> {
    static final int FAILED = 1;
    static final int CONFIG = 3;

    @Option(names = {"-c", "--config"}, paramLabel = "<path>",
            description = "The db service's configuration file (or its directory); default: the one in the current directory.")
    Path config;

    @Spec
    CommandSpec spec;

    /** The command's work, on the service's settings. */
    abstract void run(ServiceConfigFile service, DbSettings settings, KindLog log);

    @Override
    public Integer call() {
        KindLog log = new ConsoleLog(spec.commandLine().getOut(), spec.commandLine().getErr());
        try {
            ServiceConfigFile service = ServiceConfigFile.load(Optional.ofNullable(config),
                    Path.of("").toAbsolutePath());
            DbSettings settings = DbSettings.of(service.configuration(), service.root());
            run(service, settings, log);
            return 0;
        } catch (RtException e) {
            e.getMessage().lines().forEach(line -> spec.commandLine().getErr().println("rt: " + line));
            spec.commandLine().getErr().flush();
            return e.errorCode().exitCategory().status();
        } catch (KindException e) {
            e.getMessage().lines().forEach(line -> spec.commandLine().getErr().println("rt: " + line));
            spec.commandLine().getErr().flush();
            return e.pointer().isPresent() ? CONFIG : FAILED;
        }
    }

    static String owner(ServiceConfigFile service) {
        return "the service \"" + service.serviceId() + "\"";
    }
}
