package dev.rt.cli.ctl;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rt ctl}: control a running runtime through its management API. */
@Command(name = "ctl", mixinStandardHelpOptions = true,
        description = {"Control a running runtime through its management API (a UNIX socket; the runtime needs "
                + "\"managementApi\": true). Choose the runtime with -p <pid> or -n <name>; without either, the only "
                + "one running, or the one started from the current directory."},
        subcommands = {PsCommand.class, CtlStopCommand.class, CtlRestartCommand.class, CtlReloadCommand.class,
                CtlServicesCommand.class, CtlConfigCommand.class, CtlEnvCommand.class, CtlMetricsCommand.class, CtlCacheCommand.class,
                CtlSchedulerCommand.class, LogsCommand.class, InjectCommand.class, CtlHeapDumpCommand.class, CtlProfileCommand.class,
                CommandLine.HelpCommand.class})
public final class CtlCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
