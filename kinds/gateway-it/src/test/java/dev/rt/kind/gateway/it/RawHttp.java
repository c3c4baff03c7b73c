package dev.rt.kind.gateway.it;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One client connection that writes requests byte for byte (a body that stops half way, a chunked one) and reads
 * whole responses (by {@code Content-Length}), for what the JDK client cannot send or hides ({@code Connection}).
 */
final class RawHttp implements AutoCloseable {
    /** A response: its status, its headers by lower-case name, its body as text. */
    record Response(int status, Map<String, String> headers, String body) {
    }

    private final Socket socket;
    private final InputStream in;

    RawHttp(String url) throws IOException {
        URI uri = URI.create(url);
        socket = new Socket(uri.getHost(), uri.getPort());
        socket.setSoTimeout(30_000);
        in = new BufferedInputStream(socket.getInputStream());
    }

    void send(String bytes) throws IOException {
        socket.getOutputStream().write(bytes.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    Response read() throws IOException {
        int status = Integer.parseInt(line().split(" ")[1]);
        Map<String, String> headers = new TreeMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        return new Response(status, headers, new String(in.readNBytes(length), StandardCharsets.UTF_8));
    }

    /** Whether the server closed the connection: nothing more comes (fails after 30 s of silence). */
    boolean closedByServer() throws IOException {
        return in.read() < 0;
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection closed in the middle of a line: " + line);
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
