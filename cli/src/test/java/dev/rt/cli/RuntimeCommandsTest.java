package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.output.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RuntimeCommandsTest {
    @TempDir
    Path work;

    @Test
    void rtRuntimeHasStartCompileAndHelpAndRefusesARoutesFileWithTheReason() throws Exception {
        CommandLine rt = RtCommand.commandLine(new String[] {"runtime"});
        StringWriter err = new StringWriter();
        rt.setErr(new PrintWriter(err, true));
        assertThat(rt.getSubcommands().get("runtime").getSubcommands()).containsOnlyKeys("start", "compile", "help");
        assertThat(rt.execute("runtime", "start", "routes.js")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("a routes file (\"routes.js\") has no meaning on the JVM: routes are served"
                + " by a service; add one with rt service create");
    }

    @Test
    void rtRuntimeStartIsRtStartAndRtRuntimeCompileIsRtCompile() throws Exception {
        Files.writeString(work.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/runtime/1.0.0.json\","
                + " \"services\": [{\"id\": \"a\", \"path\": \"a\"}]}");
        Files.createDirectories(work.resolve("a"));
        Files.writeString(work.resolve("a/rt.json"), "{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\"}");
        CommandLine rt = RtCommand.commandLine(new String[] {"runtime"});
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        rt.setOut(new PrintWriter(out, true));
        rt.setErr(new PrintWriter(err, true));
        assertThat(rt.execute("runtime", "start", "--check", "-c", work.toString())).as(err.toString()).isZero();
        assertThat(rt.execute("runtime", "compile", "-c", work.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("rt: nothing to compile: no src/main/java in any service of");
        Files.createDirectories(work.resolve("a/src/main/java/a"));
        Files.writeString(work.resolve("a/src/main/java/a/Hello.java"), "package a;\n\npublic final class Hello {\n}\n");
        assertThat(rt.execute("runtime", "compile", "-c", work.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("rt: a: compiled 1 source file into target/classes");
        assertThat(work.resolve("a/target/classes/a/Hello.class")).isRegularFile();
    }
}
