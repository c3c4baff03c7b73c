package dev.rt.supervisor;

import dev.rt.supervisor.process.FreePort;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A private Redis for a test: Debian's {@code redis-server} (installed by {@code .ci/tools}) on a free port, without
 * persistence, its directory under the test's. Closing stops it.
 */
public final class RedisServer implements AutoCloseable {
    private final Process process;
    private final int port;

    private RedisServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    public static RedisServer start(Path dir) throws Exception {
        Path binary = Path.of("/usr/bin/redis-server");
        if (!Files.isExecutable(binary)) {
            throw new AssertionError(binary + " is missing: run .ci/tools (it installs Debian's redis-server)");
        }
        Files.createDirectories(dir);
        int port = FreePort.pick();
        Process process = new ProcessBuilder(List.of(binary.toString(), "--port", Integer.toString(port), "--bind",
                "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("redis.log").toFile()).start();
        RedisServer server = new RedisServer(process, port);
        try {
            Poll.until(Duration.ofSeconds(30), Duration.ofMillis(100), () -> Optional.of(server).filter(RedisServer::pong),
                    () -> "redis-server did not answer PING on port " + port);
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    private boolean pong() {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readNBytes(7), StandardCharsets.US_ASCII).equals("+PONG\r\n");
        } catch (IOException e) {
            return false;
        }
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
