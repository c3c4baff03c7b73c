package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.rt.cli.output.ExitCodes;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rt resolve} against local bare repositories. */
class ResolveCommandTest {
    private static final String SECRET = "s3cret-t0ken-4711";

    private final InProcessRt rt = new InProcessRt();

    @TempDir
    Path dir;

    private Path bare;

    private int run(String... args) {
        return rt.run(args);
    }

    private static void git(Path directory, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(String.join(" ", command) + "\n" + output).isZero();
    }

    /** A bare repository whose branch main holds rt.json and branch feature also FEATURE. */
    @BeforeEach
    void bareRepository() throws Exception {
        bare = dir.resolve("remote.git");
        Files.createDirectories(bare);
        git(bare, "init", "--bare", "-q", "-b", "main");
        Path work = Files.createDirectories(dir.resolve("work"));
        git(work, "init", "-q", "-b", "main");
        Files.writeString(work.resolve("rt.json"), "{\"java\": {\"build\": \"x.Y\"}}\n");
        git(work, "add", "-A");
        git(work, "commit", "-q", "-m", "first");
        git(work, "checkout", "-q", "-b", "feature");
        Files.writeString(work.resolve("FEATURE"), "yes\n");
        git(work, "add", "-A");
        git(work, "commit", "-q", "-m", "feature");
        git(work, "push", "-q", bare.toString(), "main", "feature");
    }

    @Test
    void servicesWithAUrlAreClonedAndTheirPathWrittenBackWithoutTheCredentialsAnywhere() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("rt.json"), "{\"entrypoint\": \"remote\", \"services\": ["
                + "{\"id\": \"remote\", \"url\": \"file://" + bare + "\", \"gitBranch\": \"feature\"},"
                + "{\"id\": \"plain\", \"url\": \"file://" + bare + "\", \"path\": \"plain\"}]}");
        assertThat(run("resolve", "-c", project.resolve("rt.json").toString(), "-u", "alice", "-p", SECRET))
                .as(rt.err()).isZero();
        assertThat(rt.out()).contains("rt: remote: cloned file://" + bare + " (branch feature) into external/remote",
                "rt: plain: cloned file://" + bare + " into plain");
        assertThat(project.resolve("external/remote/FEATURE")).hasContent("yes");
        assertThat(project.resolve("plain/FEATURE")).doesNotExist();
        // written into the file's own text, which keeps its layout
        assertThat(Files.readString(project.resolve("rt.json"))).startsWith("{\"entrypoint\": \"remote\", \"services\": ["
                + "{\"id\": \"remote\", \"path\": \"external/remote\", \"url\": ");
        assertThat(rt.out() + rt.err()).doesNotContain(SECRET);
        try (Stream<Path> files = Files.walk(project)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).as(file.toString())
                        .doesNotContain(SECRET);
            }
        }
        assertThat(run("resolve", "-c", project.resolve("rt.json").toString())).isZero();
        assertThat(rt.out()).contains("rt: remote: already resolved in external/remote");
    }

    @Test
    void aUrlOrBranchThatFailsNamesTheServiceAndLeavesNothingBehind() throws IOException {
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("rt.json"), "{\"entrypoint\": \"a\", \"services\": ["
                + "{\"id\": \"good\", \"url\": \"file://" + bare + "\"},"
                + "{\"id\": \"missing\", \"url\": \"file://" + dir.resolve("nowhere.git") + "\"},"
                + "{\"id\": \"branchless\", \"url\": \"https://bob:" + SECRET + "@127.0.0.1:1/x.git\", \"gitBranch\": \"nope\"}]}");
        assertThat(run("resolve", "-c", project.resolve("rt.json").toString())).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(rt.out()).contains("rt: good: cloned file://" + bare + " into external/good", "rt: good: removed"
                + " external/good again, since another clone failed (the configuration is left as it was)");
        assertThat(rt.err()).contains("rt: missing (" + project.resolve("rt.json") + ": /services/1): cannot clone file://"
                + dir.resolve("nowhere.git"), "rt: branchless (" + project.resolve("rt.json") + ": /services/2): cannot clone"
                + " https://127.0.0.1:1/x.git (branch nope): ").doesNotContain(SECRET);
        try (Stream<Path> files = Files.list(project)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("rt.json");
        }
        assertThat(Files.readString(project.resolve("rt.json"))).doesNotContain("\"path\"");
    }

    @Test
    void aRemoteThatAsksForAPasswordFailsAtOnceInsteadOfPrompting() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"git\"");
            exchange.sendResponseHeaders(401, -1);
            exchange.close();
        });
        server.start();
        try {
            Path project = Files.createDirectories(dir.resolve("project"));
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/repo.git";
            Files.writeString(project.resolve("rt.json"), "{\"entrypoint\": \"private\", \"services\": ["
                    + "{\"id\": \"private\", \"url\": \"" + url + "\"}]}");
            assertThat(run("resolve", "-c", project.resolve("rt.json").toString(), "--timeout", "60"))
                    .isEqualTo(ExitCodes.RUNTIME_FAILURE);
            assertThat(rt.err()).contains("rt: private (" + project.resolve("rt.json") + ": /services/0): cannot clone "
                    + url + ": ", "terminal prompts disabled");
            try (Stream<Path> files = Files.list(project)) {
                assertThat(files.map(p -> p.getFileName().toString())).containsExactly("rt.json");
            }
        } finally {
            server.stop(0);
        }
        assertThat(run("resolve", "--timeout", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(rt.err()).contains("rt: --timeout: must be a positive number of seconds, found 0");
    }
}
