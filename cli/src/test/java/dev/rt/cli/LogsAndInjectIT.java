package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.testing.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rt logs and rt inject against a real runtime, inject compared with what curl gets from the entrypoint. */
class LogsAndInjectIT extends ManagedRuntimes {
    private static final Duration LINE = Duration.ofSeconds(30);

    /** What curl prints for these arguments. */
    private static Result curl(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-sS"));
        command.addAll(List.of(args));
        Process curl = new ProcessBuilder(command).start();
        String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(curl.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(curl.waitFor(), out, err);
    }

    @Test
    void logsFollowFilteredByLevelAndServiceAndResumeHistory() throws Exception {
        Path a = project("alpha", true);
        RtProcess alpha = start(a);
        // with --start 0 a follower replays the kept history first: nothing written since start-up can be missed
        RtProcess history = follow(a, "logs", "--start", "0", "--no-pretty");
        RtProcess warnings = follow(a, "logs", "--start", "0", "-l", "warn");
        RtProcess back = follow(a, "logs", "--start", "0", "-s", "back", "--pretty=false");
        RtProcess front = follow(a, "logs", "--start", "0", "-s", "front", "-l", "info");
        RtProcess live = follow(a, "logs");
        history.awaitStdout("rt is now listening at", LINE);
        // a live-only follower shows nothing until it is connected: ask again until it shows a request
        Await.atMost(LINE).alias("the live follower showing a request").until(() -> {
            rt(a, "inject", "-s", "front", "/slow?ms=1");
            return live.stdout().contains("front:0 INFO: slow request started");
        });
        front.awaitStdout("front:0 INFO: slow request started", LINE);
        assertThat(rt(a, "inject", "-s", "back", "/slow?ms=1").stdout()).isEqualTo("slept");
        back.awaitStdout("slow request started", LINE);
        rt(a, "inject", "-s", "back:1", "/exit"); // the worker halts as it answers: the answer may be lost
        String warning = warnings.awaitStdout("unexpectedly exited with code 3", LINE);
        assertThat(warning).matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} \\(" + alpha.pid()
                + "\\) back:1 WARN: The worker 1 of the service \"back\" unexpectedly exited with code 3\\.");
        live.awaitStdout("unexpectedly exited with code 3", LINE);
        alpha.awaitStdout("has been successfully restarted", LINE);
        live.awaitStdout("has been successfully restarted", LINE);
        history.awaitStdout("has been successfully restarted", LINE);
        back.awaitStdout("unexpectedly exited", LINE);

        assertThat(back.stdout()).contains("\"name\":\"back\"").contains("\"msg\":\"slow request started\"")
                .contains("unexpectedly exited") // the runtime's lines about a worker carry its service
                .doesNotContain("\"name\":\"front\"");
        assertThat(front.stdout()).contains("front:0 INFO: slow request started").doesNotContain("back:")
                .doesNotContain("unexpectedly exited");
        assertThat(warnings.stdout()).doesNotContain("INFO").doesNotContain("slow request started");
        assertThat(live.stdout()).contains("back:1 WARN: The worker 1 of the service \"back\" is being restarted")
                .doesNotContain("rt is now listening at");
        assertThat(history.stdout()).startsWith("{\"level\":30").contains("rt is now listening at")
                .contains("unexpectedly exited with code 3");

        Result unknown = rt(a, "logs", "-s", "nosuch");
        assertThat(unknown.code()).isNotZero();
        assertThat(unknown.stderr()).contains("Service nosuch not found. Available services are: ");
        assertThat(rt(a, "ctl", "stop").code()).isZero();
        assertThat(live.awaitExit(LINE)).as("a follower ends with the runtime").isZero();
        live.awaitOutputEnd(LINE);
        assertThat(live.stderr()).contains("The runtime " + alpha.pid() + " has stopped.");
    }

    @Test
    void injectPrintsWhatCurlGetsFromTheEntrypoint() throws Exception {
        Path a = project("alpha", true);
        RtProcess alpha = start(a);
        String url = alpha.awaitListening(LINE);

        Result body = rt(a, "inject", "/hello");
        assertThat(body.code()).isZero();
        assertThat(body.stdout()).isEqualTo(curl(url + "/hello").stdout());

        Result post = rt(a, "inject", "-X", "PUT", "-H", "Content-Type: text/plain", "-d", "payload", "/echo");
        assertThat(post.stdout()).isEqualTo(curl("-X", "PUT", "-H", "Content-Type: text/plain", "-d", "payload", url + "/echo")
                .stdout()).isEqualTo("payload");

        Result headers = rt(a, "inject", "-H", "X-One: 1", "-H", "X-Two: 2", "/headers");
        String curlHeaders = curl("-H", "X-One: 1", "-H", "X-Two: 2", url + "/headers").stdout();
        for (String line : List.of("x-one: 1", "x-two: 2")) {
            assertThat(headers.stdout()).contains(line);
            assertThat(curlHeaders).contains(line);
        }

        Result included = rt(a, "inject", "-i", "/hello");
        Result curlIncluded = curl("-i", url + "/hello");
        assertThat(included.stdout().lines().findFirst()).isEqualTo(curlIncluded.stdout().lines().findFirst());
        assertThat(included.stdout().lines().findFirst().orElseThrow()).isEqualTo("HTTP/1.1 200 OK");
        assertThat(included.stdout()).contains("\n\nhello"); // RtProcess reads lines: CRLF became \n
        assertThat(curlIncluded.stdout().replace("\r\n", "\n")).contains("\n\nhello");
        assertThat(included.stdout().lines().filter(l -> l.startsWith("content-type")).toList()).isEqualTo(
                curlIncluded.stdout().lines().filter(l -> l.startsWith("content-type")).toList());

        Result missing = rt(a, "inject", "-i", "/absent");
        assertThat(missing.code()).isZero();
        assertThat(missing.stdout().lines().findFirst()).isEqualTo(curl("-i", url + "/absent").stdout().lines().findFirst());

        Result verbose = rt(a, "inject", "-v", "-H", "X-One: 1", "/hello");
        assertThat(verbose.stdout()).isEqualTo("hello");
        assertThat(verbose.stderr().lines().toList()).startsWith("> GET /hello HTTP/1.1", "> X-One: 1", ">",
                "< HTTP/1.1 200 OK").endsWith("<");

        Path file = tmp.resolve("out.bin");
        Path curlFile = tmp.resolve("curl.bin");
        assertThat(rt(a, "inject", "-o", file.toString(), "/bytes?n=100000").stdout()).isEmpty();
        curl("-o", curlFile.toString(), url + "/bytes?n=100000");
        assertThat(Files.readAllBytes(file)).hasSize(100000).isEqualTo(Files.readAllBytes(curlFile));

        Result noService = rt(a, "inject", "-s", "nope", "/hello");
        assertThat(noService.code()).isEqualTo(1);
        assertThat(noService.stderr()).isEqualTo("rt: Service nope not found. Available services are: front, back");
    }

    @Test
    void injectFailsWhenTheRuntimeCannotBeReached() throws Exception {
        Path pids = Files.createDirectories(pids());
        Path socket = pids.resolve("2147483000");
        try (var dead = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            dead.bind(java.net.UnixDomainSocketAddress.of(socket));
            Result result = rt(tmp, "inject", "-p", "2147483000", "/hello");
            assertThat(result.code()).isEqualTo(5);
            assertThat(result.stderr()).startsWith("rt: ");
        }
    }

    @Test
    void anotherUserIsRefused() throws Exception {
        Path a = project("alpha", true);
        RtProcess alpha = start(a);
        Path socket = pids().resolve(String.valueOf(alpha.pid()));
        List<String> nobody = List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));

        Result byMode = rtAs(nobody, tmp, "ctl", "services", "-p", String.valueOf(alpha.pid()));
        assertThat(byMode.code()).isEqualTo(5);
        assertThat(byMode.stderr()).contains("Failed to retrieve metadata for runtime with PID " + alpha.pid());

        // with the file mode opened up, the peer credentials check still refuses the other user
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
        Result byPeer = rtAs(nobody, tmp, "ps");
        assertThat(byPeer.stdout()).isEqualTo("No runtimes found.");
        assertThat(byPeer.stderr()).contains("Failed to retrieve metadata for runtime with PID " + alpha.pid());
        alpha.awaitStdout("Management API: refused a connection from user id 65534", LINE);
        assertThat(socket).exists();
        assertThat(rt(tmp, "ps").stdout()).contains(String.valueOf(alpha.pid()));
    }
}
