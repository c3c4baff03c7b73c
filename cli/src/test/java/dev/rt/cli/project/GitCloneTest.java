package dev.rt.cli.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Clones with a real git that must never wait for a person, nor longer than its timeout. */
@Timeout(120)
class GitCloneTest {
    @TempDir
    Path dir;

    private static Map<String, String> environment(Map<String, String> changes) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("GIT_SSH");
        env.remove("GIT_SSH_COMMAND");
        env.putAll(changes);
        return env;
    }

    @Test
    void sshRunsInBatchModeWithTheUsersOwnCommandKeptAndNoAskpass() throws Exception {
        Path record = dir.resolve("ssh-arguments");
        Path ssh = dir.resolve("fake-ssh");
        Files.writeString(ssh, "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + record
                + "\necho 'Host key verification failed.' >&2\nexit 255\n");
        Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwx------"));
        Path target = dir.resolve("external/remote");
        Optional<String> failure = GitClone.clone("ssh://git@example.invalid/repo.git", Optional.empty(), target,
                Optional.empty(), Duration.ofSeconds(60), environment(Map.of("GIT_SSH_COMMAND", ssh + " -i my-key",
                        "SSH_ASKPASS", "/usr/bin/true", "GIT_ASKPASS", "/usr/bin/true")));
        assertThat(failure).hasValueSatisfying(message -> assertThat(message).contains("Host key verification failed"));
        List<String> arguments = Files.readAllLines(record);
        assertThat(arguments).containsSubsequence("-i", "my-key", "-o", "BatchMode=yes").contains("ConnectTimeout=30",
                "git@example.invalid");
        assertThat(dir.resolve("external")).doesNotExist();
        assertThat(GitEnvironment.of(Map.of("SSH_ASKPASS", "x", "GIT_ASKPASS", "y")))
                .containsEntry("GIT_TERMINAL_PROMPT", "0").doesNotContainKeys("SSH_ASKPASS", "GIT_ASKPASS");
    }

    @Test
    void aRemoteThatStopsAnsweringIsStoppedAtTheTimeoutWithEverythingItStarted() throws Exception {
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            daemon(() -> silentSshServer(server, accepted));
            Path target = dir.resolve("external/remote");
            long start = System.nanoTime();
            Optional<String> failure = GitClone.clone("ssh://git@127.0.0.1:" + server.getLocalPort() + "/repo.git",
                    Optional.empty(), target, Optional.empty(), Duration.ofSeconds(3), environment(Map.of()));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(failure).contains("git did not finish within 3 s (rt resolve --timeout <seconds> gives it"
                    + " longer), and was stopped");
            assertThat(accepted).as("ssh reached the server").isNotEmpty();
            assertThat(took).isLessThan(Duration.ofSeconds(30));
            assertThat(dir.resolve("external")).doesNotExist();
            assertThat(ProcessHandle.current().descendants().map(p -> p.info().commandLine().orElse(""))
                    .filter(command -> command.contains("127.0.0.1")).toList()).isEmpty();
        } finally {
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }

    private static void daemon(Runnable task) {
        Thread thread = new Thread(task, "silent-ssh-server");
        thread.setDaemon(true);
        thread.start();
    }

    /** Accepts connections, says it is an SSH server, and then says nothing more. */
    private static void silentSshServer(ServerSocket server, List<Socket> accepted) {
        try {
            while (true) {
                Socket socket = server.accept();
                accepted.add(socket);
                OutputStream out = socket.getOutputStream();
                out.write("SSH-2.0-OpenSSH_9.2\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                InputStream in = socket.getInputStream();
                daemon(() -> drain(in));
            }
        } catch (IOException e) {
            // closed at the end of the test
        }
    }

    private static void drain(InputStream in) {
        try {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            // the connection was closed
        }
    }
}
