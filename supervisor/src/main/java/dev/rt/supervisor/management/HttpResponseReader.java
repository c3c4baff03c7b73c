package dev.rt.supervisor.management;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads one HTTP/1.1 response from a stream: status line, headers, then the body framed by
 * {@code Content-Length}, by {@code Transfer-Encoding: chunked} (handed over chunk by chunk, for the live log),
 * or by the end of the connection. Only what the management server sends; the server side uses Netty's codec.
 * The CLI does not, because Netty's static initialisation is a large share of the start of a short command
 * like {@code rt ps} (measured in bench/RESULTS.md).
 */
final class HttpResponseReader {
    private static final int MAX_HEAD_LINE = 64 * 1024;
    private static final int PIECE = 64 * 1024;

    /** Status line and headers. */
    record Head(int status, String reason, List<Map.Entry<String, String>> headers) {
        String header(String name) {
            return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                    .findFirst().orElse("");
        }
    }

    private final InputStream in;

    HttpResponseReader(InputStream in) {
        this.in = in;
    }

    Head head() throws IOException {
        String status = line();
        if (!status.startsWith("HTTP/1.") || status.length() < 12) {
            throw new IOException("not an HTTP/1.1 response: \"" + status + "\"");
        }
        int code;
        try {
            code = Integer.parseInt(status.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new IOException("bad status line: \"" + status + "\"");
        }
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IOException("bad header line: \"" + line + "\"");
            }
            headers.add(Map.entry(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim()));
        }
        return new Head(code, status.length() > 13 ? status.substring(13) : "", headers);
    }

    /** Hands the body to {@code content}, piece by piece, until its end. */
    void body(Head head, Consumer<byte[]> content) throws IOException {
        if (head.header("transfer-encoding").toLowerCase(Locale.ROOT).contains("chunked")) {
            for (int size = chunkSize(); size > 0; size = chunkSize()) {
                content.accept(in.readNBytes(size));
                line(); // the CRLF after the chunk
            }
            for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                // trailers are not used
            }
            return;
        }
        String length = head.header("content-length");
        long left = length.isEmpty() ? Long.MAX_VALUE : Long.parseLong(length);
        long read = 0;
        while (read < left) {
            byte[] piece = in.readNBytes((int) Math.min(PIECE, left - read));
            if (piece.length == 0) {
                break;
            }
            read += piece.length;
            content.accept(piece);
        }
        if (!length.isEmpty() && read < left) {
            throw new EOFException("the connection closed after " + read + " of " + length + " bytes");
        }
    }

    private int chunkSize() throws IOException {
        String line = line();
        int extension = line.indexOf(';');
        try {
            return Integer.parseInt((extension < 0 ? line : line.substring(0, extension)).trim(), 16);
        } catch (NumberFormatException e) {
            throw new IOException("bad chunk size line: \"" + line + "\"");
        }
    }

    /** One line without its CRLF (or LF); the end of the stream before a line ends is an error. */
    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("the connection closed in the middle of a response");
            }
            if (line.size() >= MAX_HEAD_LINE) {
                throw new IOException("a response line longer than " + MAX_HEAD_LINE + " bytes");
            }
            line.write(b);
        }
        String text = line.toString(StandardCharsets.ISO_8859_1);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }
}
