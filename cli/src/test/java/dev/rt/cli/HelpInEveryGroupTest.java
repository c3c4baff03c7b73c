package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command group picocli knows, at any depth, answers {@code help} and {@code help <command>} for each of its
 * commands, run as {@code rt} runs them: the groups are found by walking the whole command tree, so a group added
 * later is covered without a change here.
 */
class HelpInEveryGroupTest {

    @Test
    void everyGroupAnswersHelpAndHelpForEachOfItsCommands() {
        List<List<String>> groups = new ArrayList<>();
        collect(RtCommand.commandLine(), List.of(), groups);
        assertThat(groups).contains(List.of(), List.of("service"), List.of("db"), List.of("gateway"),
                List.of("composer"), List.of("runtime"), List.of("ctl"), List.of("db", "migrations"),
                List.of("service", "schema"));

        for (List<String> group : groups) {
            String usage = "Usage: " + String.join(" ", Stream.concat(Stream.of("rt"), group.stream()).toList());
            // the tree rt builds for "rt <group> help": its first word decides which commands it holds
            CommandLine rt = RtCommand.commandLine(Stream.concat(group.stream(), Stream.of("help")).toArray(String[]::new));
            assertHelp(rt, group, List.of(), usage);
            for (String command : commands(rt, group)) {
                assertHelp(rt, group, List.of(command), usage + " " + command);
            }
        }
    }

    private static void assertHelp(CommandLine rt, List<String> group, List<String> command, String usage) {
        List<String> args = new ArrayList<>(group);
        args.add("help");
        args.addAll(command);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        rt.setOut(new PrintWriter(out, true));
        rt.setErr(new PrintWriter(err, true));
        assertThat(rt.execute(args.toArray(String[]::new))).as("rt %s: %s", String.join(" ", args), err).isZero();
        assertThat(out.toString()).as("rt %s", String.join(" ", args)).contains(usage);
    }

    /** The commands of {@code group} but help, as the tree built for it ({@code rt}) has them. */
    private static List<String> commands(CommandLine rt, List<String> group) {
        CommandLine line = rt;
        for (String name : group) {
            line = line.getSubcommands().get(name);
        }
        return line.getSubcommands().keySet().stream().filter(name -> !name.equals("help")).toList();
    }

    private static void collect(CommandLine command, List<String> path, List<List<String>> groups) {
        if (command.getSubcommands().isEmpty()) {
            return;
        }
        groups.add(path);
        for (CommandLine sub : new LinkedHashSet<>(command.getSubcommands().values())) {
            List<String> deeper = new ArrayList<>(path);
            deeper.add(sub.getCommandName());
            collect(sub, deeper, groups);
        }
    }
}
