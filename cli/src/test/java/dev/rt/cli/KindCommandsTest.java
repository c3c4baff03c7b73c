package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

class KindCommandsTest {

    @Command(name = "schema", subcommands = Printed.class)
    static final class KindSchema {
    }

    @Command(name = "graphql")
    static final class Printed implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            spec.commandLine().getOut().print("type Query");
            return 0;
        }
    }

    @Command(name = "types")
    static final class Types implements Callable<Integer> {
        @Override
        public Integer call() {
            return 7;
        }
    }

    @Test
    void aKindsSchemaCommandJoinsSchemaConfigAndItsOtherCommandsJoinTheGroup() {
        CommandLine group = KindCommands.group("gateway"); // announced, so no commands of its own
        CommandLine schema = group.getSubcommands().get("schema");
        KindCommands.add(group, schema, new KindSchema());
        KindCommands.add(group, schema, new Types());
        assertThat(schema.getSubcommands()).containsKeys("config", "graphql");
        StringWriter out = new StringWriter();
        group.setOut(new PrintWriter(out, true));
        assertThat(group.execute("schema", "graphql")).isZero();
        assertThat(out.toString()).isEqualTo("type Query");
        assertThat(group.execute("types")).isEqualTo(7);
    }
}
