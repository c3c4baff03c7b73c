package dev.rt.cli.deploy;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rt deploy}: the manifests of an orchestrator for the runtime's image; Kubernetes is the one there is. */
@Command(name = "deploy", mixinStandardHelpOptions = true,
        description = "Write what an orchestrator needs to run the runtime's image (rt build --image).",
        subcommands = KubernetesCommand.class)
public final class DeployCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
