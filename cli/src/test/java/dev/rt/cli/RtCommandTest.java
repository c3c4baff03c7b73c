package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.output.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The rt command run in-process with captured output, as picocli recommends. */
class RtCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = RtCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void helpListsTheStartCommand() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("Usage: rt").contains("start").contains("Exit status:");
    }

    @Test
    void startHelpDescribesTheConfigOption() {
        assertThat(run("start", "--help")).isZero();
        assertThat(out.toString()).contains("Usage: rt start").contains("-c, --config=<path>");
    }

    @Test
    void startHelpDescribesDevelopmentModeAndTheDebuggerOptions() {
        assertThat(run("start", "--help")).isZero();
        assertThat(out.toString()).contains("--dev").contains("--inspect[=[host:]port]")
                .contains("--inspect-brk[=[host:]port]").contains("SIGUSR2");
    }

    @Test
    void adminHelpDescribesWhichRuntimeTheAddressAndTheOpener() {
        assertThat(run("admin", "--help")).isZero();
        assertThat(out.toString()).contains("Usage: rt admin").contains("-p, --pid").contains("-n, --name")
                .contains("--host=<address>").contains("default: 127.0.0.1").contains("--port=<port>")
                .contains("--[no-]open").contains("managementApi").contains("docs/admin.md");
    }

    @Test
    void anAdminPortOutOfRangeIsAUsageErrorBeforeLookingForARuntime() {
        assertThat(run("admin", "--no-open", "--port", "70000")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--port: must be from 0 to 65535, found 70000");
    }

    @Test
    void aTakenAdminPortOrABadHostIsAUsageErrorBeforeLookingForARuntime() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(run("admin", "--no-open", "--port", String.valueOf(taken.getLocalPort())))
                    .isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString().lines().findFirst().orElse("")).as("said first, no runtime asked")
                    .startsWith("--host/--port: cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": ");
        }
        err.getBuffer().setLength(0);
        assertThat(run("admin", "--no-open", "--host", "no-such-host.invalid")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString().lines().findFirst().orElse("")).as("said first, no runtime asked")
                .startsWith("--host: \"no-such-host.invalid\" is not an address");
    }

    @Test
    void aBadInspectValueIsAUsageErrorSayingWhatIsAccepted() {
        assertThat(run("start", "--inspect=localhost:http")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--inspect takes [host:]port with a port from 0 to 65535, found"
                + " \"localhost:http\"");
    }

    @Test
    void inspectAndInspectBrkTogetherIsAUsageError() {
        assertThat(run("start", "--inspect", "--inspect-brk=9230")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--inspect and --inspect-brk cannot be used together");
    }

    @Test
    void injectRefusesAMethodThatIsNotATokenBeforeLookingForARuntime() {
        assertThat(run("inject", "-X", "BAD METHOD", "/hello")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("-X: a method is one token such as GET or PUT (letters, digits and "
                + "!#$%&'*+-.^_`|~), found \"BAD METHOD\"");
    }

    @Test
    void injectRefusesAPathWithSpacesOrControlCharacters() {
        for (String path : new String[] {"/hello world", "/a\tb", "/a\r\nX-Injected: 1"}) {
            err.getBuffer().setLength(0);
            assertThat(run("inject", path)).as(path).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("<path>: spaces and control characters cannot be sent in a path; "
                    + "percent-encode them (a space is %20)");
        }
    }

    @Test
    void anOutputFileThatCannotBeWrittenIsAUsageErrorBeforeLookingForARuntime() {
        String[][] commands = {
            {"inject", "-o", "/nonexistent-rt-dir/f", "/hello"},
            {"ctl", "heap-dump", "-s", "a", "-o", "/nonexistent-rt-dir/x.hprof"},
            {"ctl", "profile", "-s", "a", "-o", "/nonexistent-rt-dir/x.jfr"},
        };
        for (String[] command : commands) {
            err.getBuffer().setLength(0);
            assertThat(run(command)).as(String.join(" ", command)).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("-o: /nonexistent-rt-dir/")
                    .contains(" cannot be written: /nonexistent-rt-dir is not a directory");
        }
        err.getBuffer().setLength(0);
        assertThat(run("inject", "-o", "/tmp", "/hello")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("-o: /tmp is a directory");
    }

    @Test
    void cacheInvalidateWantsATagOrAnAbsoluteUrlBeforeLookingForARuntime() {
        assertThat(run("ctl", "cache", "invalidate")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Give at least one --tag or --key.");
        err.getBuffer().setLength(0);
        assertThat(run("ctl", "cache", "invalidate", "--key", "/products")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--key /products is not an absolute URL (http://host/path)");
    }

    @Test
    void pidAndNameTogetherIsAUsageError() {
        assertThat(run("ctl", "services", "-p", "1", "-n", "x")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("-p and -n each choose a runtime: give one of them");
    }

    @Test
    void versionNamesRtAndJava() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("rt 0.1.0").contains("Java " + System.getProperty("java.version"));
    }

    @Test
    void aKindBringsItsOwnCommandsBesideItsSchema() {
        assertThat(run("static", "hello", "--name", "you")).isZero();
        assertThat(out.toString()).isEqualTo("hello, you, from the static kind" + System.lineSeparator());
        out.getBuffer().setLength(0);
        assertThat(run("static", "schema", "config")).isZero();
        assertThat(out.toString()).contains("\"$id\" : \"https://schemas.rt.dev/static/1.0.0.json\"");
    }

    @Test
    void eachKindPrintsItsOwnSchema() {
        assertThat(run("service", "schema", "config")).isZero();
        assertThat(out.toString()).contains("\"$id\" : \"https://schemas.rt.dev/service/1.0.0.json\"");
        out.getBuffer().setLength(0);
        assertThat(run("db", "schema", "config")).isZero();
        assertThat(out.toString()).contains("\"$id\" : \"https://schemas.rt.dev/db/1.0.0.json\"")
                .as("the service kind's definitions a db service shares, bundled in: what validation uses")
                .contains("\"$ref\" : \"#/$defs/applicationServer\"", "\"applicationServer\" : {", "\"cors\" : {")
                .doesNotContain("service.json#", "common.json#");
        out.getBuffer().setLength(0);
        assertThat(run("schema", "config")).isZero();
        assertThat(out.toString()).contains("\"$id\" : \"https://schemas.rt.dev/runtime/1.0.0.json\"");
    }

    @Test
    void startCheckRefusesWhatTheKindRefusesNamingTheFileAndPointer(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("api"));
        Files.writeString(dir.resolve("api/rt.json"), "{\"service\": {}, \"server\": {\"cors\": {\"origin\":"
                + " {\"regexp\": \"[\"}}}}");
        Files.writeString(dir.resolve("rt.json"), "{\"services\": [{\"id\": \"api\", \"path\": \"api\"}]}");

        assertThat(run("start", "--check", "-c", dir.toString())).isEqualTo(3);
        assertThat(err.toString()).contains(dir.resolve("api/rt.json") + ": /server/cors/origin/regexp: \"[\" is not a"
                + " regular expression");
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertThat(run("start", "--bogus")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Unknown option: '--bogus'");
    }

    @Test
    void missingConfigurationIsAConfigurationErrorWithoutStackTrace(@TempDir Path dir) {
        assertThat(run("start", "-c", dir.resolve("rt.json").toString())).isEqualTo(ExitCodes.CONFIG);
        assertThat(err.toString()).isEqualTo("rt: " + dir.resolve("rt.json") + ": no such configuration file"
                + System.lineSeparator());
    }

    @Test
    void verboseAddsTheStackTrace(@TempDir Path dir) {
        assertThat(run("start", "--verbose", "-c", dir.resolve("rt.json").toString())).isEqualTo(ExitCodes.CONFIG);
        assertThat(err.toString()).contains("at dev.rt.config.RuntimeConfigLoader");
    }

    @Test
    void aServiceEntrysPackageManagerIsTheToolRtBuildRuns(@TempDir Path dir) throws Exception {
        Path tool = dir.resolve("fake-mvn");
        Files.writeString(tool, "#!/bin/sh\necho \"$@\" > built-with.txt\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(dir.resolve("a"));
        Files.writeString(dir.resolve("a/rt.json"), "{\"java\": {\"main\": \"a.Main\"}}");
        Files.writeString(dir.resolve("rt.json"), "{\"services\": [{\"id\": \"a\", \"path\": \"a\","
                + " \"packageManager\": \"" + tool + "\"}]}");

        assertThat(run("build", "-c", dir.toString())).as(err.toString()).isZero();
        assertThat(dir.resolve("a/built-with.txt")).hasContent("-B -ntp -q -DskipTests package");
    }
}
