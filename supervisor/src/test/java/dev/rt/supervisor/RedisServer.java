package dev.rt.supervisor;

import dev.rt.kind.testing.TestPorts;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A private Redis for a test: Debian's {@code redis-server} (installed by {@code .ci/tools}) on a free port, without
 * persistence, its directory under the test's; plain, with a password ({@code requirepass}), or TLS only (its
 * certificate, for 127.0.0.1, signed by a certificate authority {@code openssl} makes in that directory). Ready once
 * its log says it accepts connections. Closing stops it; {@link #kill} makes it die as a crash would.
 */
public final class RedisServer implements AutoCloseable {
    private final Process process;
    private final int port;
    private final boolean tls;
    private final Path dir;
    private final List<String> options;

    private RedisServer(Process process, int port, boolean tls, Path dir, List<String> options) {
        this.process = process;
        this.port = port;
        this.tls = tls;
        this.dir = dir;
        this.options = options;
    }

    public static RedisServer start(Path dir) throws Exception {
        return launch(dir, List.of(), false);
    }

    /** A Redis that answers only clients that give {@code password} ({@code requirepass}). */
    public static RedisServer startWithPassword(Path dir, String password) throws Exception {
        return launch(dir, List.of("--requirepass", password), false);
    }

    /** A Redis that speaks TLS only; {@link #caCert()} is the authority that signed its certificate. */
    public static RedisServer startWithTls(Path dir) throws Exception {
        Files.createDirectories(dir);
        openssl(dir, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=rt test authority");
        openssl(dir, "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
        Files.writeString(dir.resolve("server.ext"), "subjectAltName=IP:127.0.0.1\n");
        openssl(dir, "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-days", "2", "-extfile", "server.ext", "-out", "server.pem");
        return launch(dir, List.of("--tls-cert-file", dir.resolve("server.pem").toString(), "--tls-key-file",
                dir.resolve("server.key").toString(), "--tls-ca-cert-file", dir.resolve("ca.pem").toString(),
                "--tls-auth-clients", "no"), true);
    }

    /**
     * On a port outside the ephemeral range, where nothing else is likely to bind it first (and its {@link #again()}
     * finds it free); started again on another when something did all the same: redis-server cannot bind port 0.
     */
    private static RedisServer launch(Path dir, List<String> options, boolean tls) throws Exception {
        return TestPorts.startRetrying(3, port -> launch(dir, options, tls, port));
    }

    /** A new redis-server in place of this one, which has stopped: same port, options and directory, no data. */
    public RedisServer again() throws Exception {
        return launch(dir, options, tls, port);
    }

    private static RedisServer launch(Path dir, List<String> options, boolean tls, int port) throws Exception {
        Path binary = Path.of("/usr/bin/redis-server");
        if (!Files.isExecutable(binary)) {
            throw new AssertionError(binary + " is missing: run .ci/tools (it installs Debian's redis-server)");
        }
        Files.createDirectories(dir);
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", dir.toString()));
        command.addAll(tls ? List.of("--port", "0", "--tls-port", Integer.toString(port))
                : List.of("--port", Integer.toString(port)));
        command.addAll(options);
        Path log = dir.resolve("redis.log");
        Files.deleteIfExists(log);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        RedisServer server = new RedisServer(process, port, tls, dir, options);
        try {
            Poll.until(Duration.ofSeconds(30), Duration.ofMillis(50), () -> Optional.of(log)
                    .filter(file -> read(file).contains("Ready to accept connections") || !process.isAlive()),
                    () -> "redis-server never said it was ready on port " + port + ":\n" + read(log));
            if (!process.isAlive()) {
                throw new AssertionError("redis-server exited with " + process.exitValue() + ":\n" + read(log));
            }
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    private static void openssl(Path dir, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ExternalTool.require("openssl").toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("openssl " + String.join(" ", arguments) + " failed: " + output);
        }
    }

    /** {@code redis://127.0.0.1:<port>}, or {@code rediss://} for TLS, without credentials. */
    public String url() {
        return (tls ? "rediss" : "redis") + "://127.0.0.1:" + port;
    }

    /** {@link #url()} with a password ({@code redis://:password@127.0.0.1:<port>}). */
    public String url(String password) {
        return url().replace("://", "://:" + password + "@");
    }

    /** {@code INFO section} of a plain server without a password, as it answers it (RESP inline command). */
    public String info(String section) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream().write(("INFO " + section + "\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            StringBuilder header = new StringBuilder();
            for (int c = in.read(); c != '\n' && c >= 0; c = in.read()) {
                header.append((char) c);
            }
            int length = Integer.parseInt(header.toString().strip().substring(1));
            return new String(in.readNBytes(length), StandardCharsets.UTF_8);
        }
    }

    /** The certificate authority that signed a TLS server's certificate. */
    public Path caCert() {
        return dir.resolve("ca.pem");
    }

    /** SIGKILL, as a crash or an out-of-memory killer would end it. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
