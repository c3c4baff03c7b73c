package dev.rt.auth.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * One Keycloak server process in development mode (its file database, a local cache, HTTP on a free port of the
 * loopback), its output in {@code keycloak.log} under its home. Ready when its master realm's OpenID configuration
 * answers; stopped with SIGTERM (Keycloak then closes its database), killed after a minute.
 */
final class KeycloakProcess implements AutoCloseable {
    private final Process process;
    private final Path home;
    private final int port;
    private final long deadline;

    private KeycloakProcess(Process process, Path home, int port, Duration timeout) {
        this.process = process;
        this.home = home;
        this.port = port;
        this.deadline = System.nanoTime() + timeout.toNanos();
    }

    static KeycloakProcess start(Path home, Duration timeout) throws IOException {
        int port = freePort();
        ProcessBuilder builder = new ProcessBuilder(List.of("sh", home.resolve("bin/kc.sh").toString(), "start-dev",
                "--http-host=127.0.0.1", "--http-port=" + port, "--hostname-strict=false"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("JAVA_OPTS_APPEND", "-XX:TieredStopAtLevel=1 -Xshare:auto");
        builder.environment().put("KC_BOOTSTRAP_ADMIN_USERNAME", KeycloakHome.ADMIN);
        builder.environment().put("KC_BOOTSTRAP_ADMIN_PASSWORD", KeycloakHome.ADMIN_PASSWORD);
        builder.redirectErrorStream(true).redirectOutput(home.resolve("keycloak.log").toFile());
        return new KeycloakProcess(builder.start(), home, port, timeout);
    }

    int port() {
        return port;
    }

    /** Waits until Keycloak answers, or fails with its log's tail when it exits or the time is out. */
    void awaitReady() throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest probe = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/realms/master/.well-known/openid-configuration")).timeout(Duration.ofSeconds(5)).build();
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak exited with " + process.exitValue() + ": " + logTail());
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("Keycloak did not answer in time: " + logTail());
            }
            try {
                if (client.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet: the exit and the deadline above end the wait
            }
            process.waitFor(250, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(1, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor();
        }
    }

    String logTail() throws IOException {
        List<String> lines = Files.readAllLines(home.resolve("keycloak.log"));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    static void unzip(Path zip, Path into) throws IOException {
        try (InputStream in = Files.newInputStream(zip); ZipInputStream entries = new ZipInputStream(in)) {
            for (ZipEntry entry = entries.getNextEntry(); entry != null; entry = entries.getNextEntry()) {
                Path target = into.resolve(entry.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("entry outside the distribution: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(entries, target);
                }
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
