package dev.rt.cli.admin;

import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.net.UnknownHostException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code rt admin}: serves a live dashboard of a running runtime from this process ({@link AdminServer}). The address
 * is taken before the runtime is looked for, so that a taken {@code --port} or a bad {@code --host} is a usage error
 * and the runtime is never asked for anything.
 */
@Command(name = "admin", mixinStandardHelpOptions = true,
        description = {"Serve a live dashboard of a running runtime (needs \"managementApi\": true) to your browser: "
                + "services and workers, 15 minutes of charts, logs, scheduler jobs, HTTP cache, configuration (secrets "
                + "redacted), confirmed actions (restart, reload, heap dump, JFR recording, scheduler, cache "
                + "invalidation) and an export as one HTML file.",
                "It runs in this process and talks to the runtime through its management socket; the runtime opens no "
                + "port. The URL printed carries a random token that every request must present. Runs until Ctrl-C or "
                + "until the runtime stops. See docs/admin.md."})
public final class AdminCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Option(names = "--host", paramLabel = "<address>", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only). Any other address "
                    + "makes the dashboard, and its actions, reachable by whoever has the URL.")
    String host;

    @Option(names = "--port", paramLabel = "<port>", defaultValue = "0",
            description = "Port to listen on (default: a free one).")
    int port;

    @Option(names = "--open", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Open the page in the browser (default: ${DEFAULT-VALUE}); --no-open only prints the URL.")
    boolean open;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (port < 0 || port > 65_535) {
            throw new ParameterException(spec.commandLine(), "--port: must be from 0 to 65535, found " + port);
        }
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        try (AdminServer server = listen()) {
            RuntimeInfo runtime = choice.select(err);
            server.serve(runtime);
            Thread hook = new Thread(server::close, "rt-admin-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            if (!server.loopback()) {
                err.println("rt: WARNING: the dashboard listens on " + host + ", not on loopback: it is reachable from "
                        + "other machines, and anyone who has the URL below can read the logs and the configuration, "
                        + "restart services and download heap dumps. The token travels unencrypted over HTTP.");
                err.flush();
            }
            out.println("The dashboard of " + runtime.describe() + " is at");
            out.println("  " + server.url());
            out.println("Ctrl-C stops it; it stops by itself when the runtime stops.");
            out.flush();
            if (open && !server.openInBrowser()) {
                out.println("(No browser could be opened from here: open the URL above.)");
                out.flush();
            }
            server.awaitRuntimeEnd(Long.MAX_VALUE);
            out.println("The runtime " + runtime.pid() + " has stopped.");
            out.flush();
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        return CommandLine.ExitCode.OK;
    }

    /** Binds {@code --host:--port}; a name that does not resolve or an address not to be had is a usage error. */
    private AdminServer listen() {
        try {
            return AdminServer.listen(host, port);
        } catch (UnknownHostException e) {
            throw new ParameterException(spec.commandLine(), "--host: \"" + host + "\" is not an address of this "
                    + "machine's (it does not resolve)");
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--host/--port: cannot listen on " + host + ":" + port
                    + ": " + e.getMessage() + " (a port another program holds, or an address this machine does not have)");
        }
    }
}
