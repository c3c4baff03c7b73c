package dev.rt.supervisor.proxy;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A client that writes requests byte for byte and parses responses, to see exactly what the proxy sends. */
final class RawHttpConnection implements AutoCloseable {
    private final Socket socket = new Socket();
    private final InputStream in;
    private final OutputStream out;

    /** One parsed response; header names are lower case. */
    record Response(int status, Map<String, List<String>> headers, byte[] body) {
        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : String.join(", ", values);
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    RawHttpConnection(InetSocketAddress address) throws IOException {
        socket.connect(address, 5_000);
        socket.setSoTimeout(10_000);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    void send(String request) throws IOException {
        out.write(request.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    Response read() throws IOException {
        return read(false);
    }

    /** Reads one response; {@code toHead}: it answers a HEAD request, so it has no body. */
    Response read(boolean toHead) throws IOException {
        String statusLine = line();
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        Response head = new Response(status, headers, new byte[0]);
        if (toHead || status == 204 || status == 304 || status / 100 == 1) {
            return head;
        }
        if ("chunked".equalsIgnoreCase(head.header("transfer-encoding"))) {
            return new Response(status, headers, chunkedBody());
        }
        String length = head.header("content-length");
        byte[] body = length == null ? in.readAllBytes() : in.readNBytes(Integer.parseInt(length));
        return new Response(status, headers, body);
    }

    private byte[] chunkedBody() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
            body.write(in.readNBytes(size));
            line();
        }
        while (!line().isEmpty()) {
            // trailers
        }
        return body.toByteArray();
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("connection closed in the middle of a line: " + line);
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    /** Reads whatever remains until the peer closes; fails with a timeout if it does not. */
    byte[] readToEnd() throws IOException {
        return in.readAllBytes();
    }

    InputStream input() {
        return in;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
