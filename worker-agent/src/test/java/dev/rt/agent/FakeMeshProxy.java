package dev.rt.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Stands in for the supervisor's mesh proxy: records the request line of every request it receives and
 * answers "from mesh".
 */
final class FakeMeshProxy implements AutoCloseable {
    static final String BODY = "from mesh";

    private final ServerSocket server;
    private final BlockingQueue<String> requestLines = new LinkedBlockingQueue<>();

    FakeMeshProxy() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::serve, "fake-mesh-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** The request line of the next request, e.g. {@code GET http://b.rt.local/path HTTP/1.1}. */
    String nextRequestLine(Duration timeout) throws InterruptedException {
        String line = requestLines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no request reached the mesh proxy within " + timeout);
        }
        return line;
    }

    private void serve() {
        while (!server.isClosed()) {
            try (Socket socket = server.accept()) {
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.ISO_8859_1));
                String requestLine = in.readLine();
                for (String header = in.readLine(); header != null && !header.isEmpty(); header = in.readLine()) {
                    // headers are not needed
                }
                requestLines.add(requestLine == null ? "<nothing>" : requestLine);
                OutputStream out = socket.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + BODY.length() + "\r\nConnection: close\r\n\r\n"
                        + BODY).getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (IOException e) {
                // closed, or a client that went away
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
