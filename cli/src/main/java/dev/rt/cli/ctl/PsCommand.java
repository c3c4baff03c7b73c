package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.output.TextTable;
import dev.rt.supervisor.management.RuntimeDiscovery;
import dev.rt.supervisor.management.RuntimeInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rt ps} (also {@code rt ctl ps}): the runtimes running with the management API. */
@Command(name = "ps", mixinStandardHelpOptions = true,
        description = {"List the running runtimes that have the management API enabled (\"managementApi\": true):",
                "PID, name (the project directory's name), rt version, uptime, entrypoint URL and project directory.",
                "Sockets left behind by runtimes that are gone are removed on the way."})
public final class PsCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        List<RuntimeInfo> runtimes = new RuntimeDiscovery(warning -> err.println("rt: warning: " + warning)).list();
        if (runtimes.isEmpty()) {
            out.println("No runtimes found.");
            out.flush();
            return ExitCodes.OK;
        }
        TextTable table = new TextTable("PID", "Name", "Version", "Uptime", "URL", "Directory");
        for (RuntimeInfo runtime : runtimes) {
            var metadata = runtime.metadata();
            table.row(String.valueOf(runtime.pid()), orDash(runtime.name()), orDash(metadata.path("rtVersion").asText("")),
                    uptime(metadata.path("uptimeSeconds").asLong()), orDash(metadata.path("url").asText("")),
                    shortDirectory(metadata.path("projectDir").asText("")));
        }
        table.print(out);
        return ExitCodes.OK;
    }

    /** {@code 1d 2h 3m 4s}, leading zero units left out; {@code now} for 0. */
    static String uptime(long seconds) {
        if (seconds <= 0) {
            return "now";
        }
        long[] values = {seconds / 86400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60};
        String[] units = {"d", "h", "m", "s"};
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (values[i] > 0 || text.length() > 0) {
                text.append(text.length() > 0 ? " " : "").append(values[i]).append(units[i]);
            }
        }
        return text.toString();
    }

    /** The last three path segments after {@code ...}, as the reference shows directories. */
    static String shortDirectory(String directory) {
        if (directory.isEmpty()) {
            return "-";
        }
        Path path = Path.of(directory);
        int count = path.getNameCount();
        return count <= 3 ? directory : ".../" + path.subpath(count - 3, count);
    }

    private static String orDash(String text) {
        return text.isEmpty() ? "-" : text;
    }
}
