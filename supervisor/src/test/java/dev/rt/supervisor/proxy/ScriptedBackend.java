package dev.rt.supervisor.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A worker stand-in that misbehaves on purpose: a plain server socket whose every connection runs a
 * {@link Script} on its own thread after the request head was read.
 */
final class ScriptedBackend implements AutoCloseable {

    /** What the backend does with one connection once the request head ({@code head}) was read. */
    interface Script {
        void serve(Socket socket, InputStream in, String head) throws Exception;
    }

    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    ScriptedBackend(Script script) {
        try {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(() -> accept(script), "scripted-backend");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept(Script script) {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                sockets.add(socket);
                Thread connection = new Thread(() -> serve(socket, script), "scripted-backend-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private static void serve(Socket socket, Script script) {
        try (socket) {
            InputStream in = socket.getInputStream();
            script.serve(socket, in, readHead(in));
        } catch (Exception ignored) {
            // the test observes the effects
        }
    }

    static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before the end of the request head");
            }
            head.write(b);
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    InetSocketAddress address() {
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
