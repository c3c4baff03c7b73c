package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.output.TextTable;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code rt ctl scheduler list|pause|resume|run <name>}: the jobs of a runtime's scheduler. */
@Command(name = "scheduler", mixinStandardHelpOptions = true,
        description = {"The jobs of a running runtime's scheduler. list: name, cron, status, last run and next run of "
                + "each. pause <name>: stop its firings (it stays paused after rt ctl reload). resume <name>: let it fire "
                + "again. run <name>: run it now, paused or not, and wait for its last attempt."})
final class CtlSchedulerCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Parameters(index = "0", paramLabel = "<action>", description = "list, pause, resume or run")
    String action;

    @Parameters(index = "1", arity = "0..1", paramLabel = "<name>", description = "The job (for pause, resume and run).")
    String name;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!List.of("list", "pause", "resume", "run").contains(action)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown action \"" + action
                    + "\": use list, pause, resume or run");
        }
        if (action.equals("list") != (name == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), action.equals("list")
                    ? "list takes no job name" : action + " needs the name of a job (see rt ctl scheduler list)");
        }
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        PrintWriter out = spec.commandLine().getOut();
        if (action.equals("list")) {
            TextTable table = new TextTable("NAME", "CRON", "STATUS", "LAST RUN", "LAST STATUS", "NEXT RUN");
            for (JsonNode job : runtime.client().getJson("/scheduler").path("jobs")) {
                table.row(job.path("name").asText(), job.path("cron").asText(),
                        job.path("paused").asBoolean() ? "paused" : "active", text(job.path("lastExecutedAt")),
                        text(job.path("lastStatus")), text(job.path("nextRunAt")));
            }
            table.print(out);
            return ExitCodes.OK;
        }
        String path = "/scheduler/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20") + "/" + action;
        JsonNode answer = ManagementClient.json(runtime.client().request("POST", path, List.of(), new byte[0],
                Duration.ofMinutes(10)));
        switch (action) {
            case "pause" -> out.println("Paused the job " + name + " of the runtime " + runtime.pid() + ".");
            case "resume" -> out.println("Resumed the job " + name + " of the runtime " + runtime.pid() + "; next run "
                    + text(answer.path("nextRunAt")) + ".");
            default -> {
                boolean success = answer.path("success").asBoolean();
                out.println("Ran the job " + name + " of the runtime " + runtime.pid() + ": "
                        + (success ? "success" : "failed") + " at " + answer.path("executedAt").asText() + ".");
                out.flush();
                return success ? ExitCodes.OK : ExitCodes.RUNTIME_FAILURE;
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static String text(JsonNode value) {
        return value.isNull() || value.isMissingNode() ? "-" : value.asText();
    }
}
