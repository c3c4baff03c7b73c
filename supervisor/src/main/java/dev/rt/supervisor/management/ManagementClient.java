package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Timer;
import java.util.TimerTask;
import java.util.function.Consumer;

/**
 * The client side of the management API, for the CLI: one HTTP/1.1 request per connection over the UNIX
 * socket (the JDK's own, JEP 380), on the calling thread, read by {@link HttpResponseReader}.
 */
public final class ManagementClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Header the server adds to its own error answers, with their code (a proxied answer never has it). */
    public static final String ERROR_CODE_HEADER = "x-rt-error-code";
    private static final Timer WATCHDOG = new Timer("rt-management-client-timeout", true);

    private final Path socket;

    public ManagementClient(Path socket) {
        this.socket = socket;
    }

    public Path socket() {
        return socket;
    }

    /** One answer: status, reason, headers in order, body. */
    public record Response(int status, String reason, List<Map.Entry<String, String>> headers, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public Optional<String> header(String name) {
            return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).findFirst();
        }
    }

    /** {@code GET /api/v1<path>} as JSON; an error answer is thrown as an {@link RtException} with its code. */
    public JsonNode getJson(String path) throws IOException {
        return json(request("GET", path, List.of(), new byte[0], Duration.ofSeconds(30)));
    }

    /** A request with no body and no headers; an error answer is thrown. */
    public Response call(String method, String path) throws IOException {
        return checked(request(method, path, List.of(), new byte[0], Duration.ofMinutes(5)));
    }

    public static JsonNode json(Response response) throws IOException {
        return JSON.readTree(checked(response).body());
    }

    /** Throws answers of status 400 and above, with the API's {@code code} and {@code message}. */
    public static Response checked(Response response) {
        if (response.status() < 400) {
            return response;
        }
        String code = "RT_MANAGEMENT_ERROR";
        String message = response.text();
        try {
            JsonNode error = JSON.readTree(response.body());
            code = error.path("code").asText(code);
            message = error.path("message").asText(message);
        } catch (IOException notJson) {
            // the raw body is the message
        }
        throw new RtException(ErrorCode.of(code).orElse(ErrorCode.MANAGEMENT_ERROR), message);
    }

    /**
     * Sends {@code method /api/v1<path>} with the headers and body and reads the whole answer. Throws
     * {@link IOException} when the socket cannot be reached or the answer takes longer than {@code timeout}.
     */
    public Response request(String method, String path, List<Map.Entry<String, String>> headers, byte[] body,
            Duration timeout) throws IOException {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        List<HttpResponseReader.Head> head = new ArrayList<>(1);
        exchange(method, path, headers, body, timeout, head::add, content::writeBytes);
        return new Response(head.get(0).status(), head.get(0).reason(), head.get(0).headers(), content.toByteArray());
    }

    /**
     * Sends {@code method /api/v1<path>} and writes the body of a successful answer to {@code target} as it
     * arrives (heap dumps can be larger than this JVM's heap); an error answer is thrown. Returns the bytes written.
     */
    public long download(String method, String path, Path target, Duration timeout) throws IOException {
        ByteArrayOutputStream error = new ByteArrayOutputStream();
        List<HttpResponseReader.Head> head = new ArrayList<>(1);
        long[] written = new long[1];
        // Into a file beside the target, moved over it only once whole: a failure never costs an existing file.
        Path absolute = target.toAbsolutePath();
        Path partial = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".part");
        boolean complete = false;
        try {
            try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16)) {
                exchange(method, path, List.of(), new byte[0], timeout, head::add, bytes -> {
                    try {
                        if (head.get(0).status() >= 400) {
                            error.writeBytes(bytes);
                        } else {
                            file.write(bytes);
                            written[0] += bytes.length;
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            if (head.get(0).status() >= 400) {
                checked(new Response(head.get(0).status(), head.get(0).reason(), head.get(0).headers(), error.toByteArray()));
            }
            Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            complete = true;
            return written[0];
        } finally {
            if (!complete) {
                Files.deleteIfExists(partial);
            }
        }
    }

    /** {@code GET /api/v1<path>} handing each piece of the body to {@code chunks} as it arrives, until the end. */
    public void stream(String path, Consumer<String> chunks) throws IOException {
        exchange("GET", path, List.of(), new byte[0], Duration.ZERO, response -> {
            if (response.status() >= 400) {
                throw new RtException(ErrorCode.MANAGEMENT_ERROR, "GET " + path + " answered " + response.status() + " "
                        + response.reason());
            }
        }, bytes -> chunks.accept(new String(bytes, StandardCharsets.UTF_8)));
    }

    private void exchange(String method, String path, List<Map.Entry<String, String>> headers, byte[] body,
            Duration timeout, Consumer<HttpResponseReader.Head> onHead, Consumer<byte[]> onContent) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            TimerTask expire = timeout.isZero() ? null : closeLater(channel, timeout);
            try {
                channel.connect(UnixDomainSocketAddress.of(socket));
                StringBuilder head = new StringBuilder(method).append(' ').append(ManagementHandler.PREFIX).append(path)
                        .append(" HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\ncontent-length: ")
                        .append(body.length).append("\r\n");
                headers.forEach(h -> head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n"));
                head.append("\r\n");
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 8192);
                out.write(head.toString().getBytes(StandardCharsets.UTF_8));
                out.write(body);
                out.flush();
                HttpResponseReader reader = new HttpResponseReader(new BufferedInputStream(Channels.newInputStream(channel), 65536));
                HttpResponseReader.Head response = reader.head();
                onHead.accept(response);
                reader.body(response, onContent);
            } catch (java.nio.channels.AsynchronousCloseException e) {
                throw new IOException("no answer from " + socket + " within " + timeout.toMillis() + " ms");
            } finally {
                if (expire != null) {
                    expire.cancel();
                }
            }
        }
    }

    private static TimerTask closeLater(SocketChannel channel, Duration timeout) {
        TimerTask task = new TimerTask() {
            @Override
            public void run() {
                try {
                    channel.close();
                } catch (IOException e) {
                    // closed already
                }
            }
        };
        WATCHDOG.schedule(task, timeout.toMillis());
        return task;
    }
}
