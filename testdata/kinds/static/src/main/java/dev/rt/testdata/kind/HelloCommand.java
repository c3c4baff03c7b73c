package dev.rt.testdata.kind;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rt static hello [--name <name>]}: a command a kind brings to the CLI. */
@Command(name = "hello", mixinStandardHelpOptions = true, description = "Say hello from the static kind.")
final class HelloCommand implements Callable<Integer> {
    @Option(names = "--name", defaultValue = "world", description = "Who to greet (default: ${DEFAULT-VALUE}).")
    String name;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println("hello, " + name + ", from the static kind");
        return 0;
    }
}
