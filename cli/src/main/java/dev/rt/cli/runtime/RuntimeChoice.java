package dev.rt.cli.runtime;

import dev.rt.supervisor.management.RuntimeDiscovery;
import dev.rt.supervisor.management.RuntimeInfo;
import dev.rt.supervisor.management.RuntimeSelector;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code -p/--pid} and {@code -n/--name}: which running runtime a command talks to. Without either, the only
 * runtime running, or the one started from the current directory. A picocli mixin ({@code @Mixin RuntimeChoice
 * choice;}) of every command that talks to a running runtime.
 */
public final class RuntimeChoice {
    @Option(names = {"-p", "--pid"}, paramLabel = "<pid>", description = "The runtime with this process id (see rt ps).")
    Long pid;

    @Option(names = {"-n", "--name"}, paramLabel = "<name>",
            description = "The runtime with this name (its project directory's name, see rt ps).")
    String name;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /**
     * The chosen runtime; an {@link dev.rt.protocol.RtException} listing the candidates when none or several match,
     * a usage error when both {@code -p} and {@code -n} are given.
     */
    public RuntimeInfo select(PrintWriter err) {
        if (pid != null && name != null) {
            throw new ParameterException(command.commandLine(), "-p and -n each choose a runtime: give one of them");
        }
        var runtimes = new RuntimeDiscovery(warning -> err.println("rt: warning: " + warning)).list();
        return RuntimeSelector.select(runtimes, pid == null ? OptionalLong.empty() : OptionalLong.of(pid),
                Optional.ofNullable(name), Path.of(""));
    }
}
