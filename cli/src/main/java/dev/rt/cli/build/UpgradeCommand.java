package dev.rt.cli.build;

import dev.rt.cli.output.ExitCodes;
import dev.rt.config.ConfigUpgrade;
import dev.rt.config.RuntimeConfigLoader;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rt upgrade}: moves a configuration file to the current schema version. */
@Command(name = "upgrade", mixinStandardHelpOptions = true,
        description = {"Rewrite a configuration file's $schema to the current schema version, in the file's own "
                + "format, keeping everything else as it is.",
                "Without -c, looks for rt.json, rt.yml, rt.yaml, rt.tml, rt.toml in the current directory."})
public final class UpgradeCommand implements Callable<Integer> {
    @Option(names = {"-c", "--config"}, paramLabel = "<path>", description = "The configuration file to upgrade.")
    Path config;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Path file = new RuntimeConfigLoader(System.getenv(), Path.of("")).locate(Optional.ofNullable(config));
        var out = spec.commandLine().getOut();
        ConfigUpgrade.upgrade(file).ifPresentOrElse(
                url -> out.println("Upgraded " + file + " to " + url),
                () -> out.println(file + " is already at the current schema version"));
        out.flush();
        return ExitCodes.OK;
    }
}
