package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.protocol.RtException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
 * socket, on the calling thread. Netty's HTTP codec frames the bytes (in an {@link EmbeddedChannel}, with no
 * event loop to start, so that a short command stays quick).
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
        throw new RtException(code, message);
    }

    /**
     * Sends {@code method /api/v1<path>} with the headers and body and reads the whole answer. Throws
     * {@link IOException} when the socket cannot be reached or the answer takes longer than {@code timeout}.
     */
    public Response request(String method, String path, List<Map.Entry<String, String>> headers, byte[] body,
            Duration timeout) throws IOException {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        HttpResponse[] head = new HttpResponse[1];
        exchange(method, path, headers, body, timeout, response -> head[0] = response, bytes -> content.writeBytes(bytes));
        List<Map.Entry<String, String>> responseHeaders = new ArrayList<>(head[0].headers().entries());
        return new Response(head[0].status().code(), head[0].status().reasonPhrase(), responseHeaders, content.toByteArray());
    }

    /** {@code GET /api/v1<path>} handing each piece of the body to {@code chunks} as it arrives, until the end. */
    public void stream(String path, Consumer<String> chunks) throws IOException {
        exchange("GET", path, List.of(), new byte[0], Duration.ZERO, response -> {
            if (response.status().code() >= 400) {
                throw new RtException("RT_MANAGEMENT_ERROR", "GET " + path + " answered " + response.status());
            }
        }, bytes -> chunks.accept(new String(bytes, StandardCharsets.UTF_8)));
    }

    private void exchange(String method, String path, List<Map.Entry<String, String>> headers, byte[] body,
            Duration timeout, Consumer<HttpResponse> onHead, Consumer<byte[]> onContent) throws IOException {
        EmbeddedChannel codec = new EmbeddedChannel(new HttpClientCodec());
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            TimerTask expire = timeout.isZero() ? null : closeLater(channel, timeout);
            channel.connect(UnixDomainSocketAddress.of(socket));
            FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(method),
                    ManagementHandler.PREFIX + path, Unpooled.wrappedBuffer(body));
            headers.forEach(h -> request.headers().add(h.getKey(), h.getValue()));
            request.headers().set(HttpHeaderNames.HOST, "localhost");
            request.headers().set(HttpHeaderNames.CONNECTION, "close");
            HttpUtil.setContentLength(request, body.length);
            codec.writeOutbound(request);
            for (Object out; (out = codec.readOutbound()) != null; ) {
                ByteBuf bytes = (ByteBuf) out;
                channel.write(bytes.nioBuffer());
                bytes.release();
            }
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            boolean ended = false;
            while (!ended) {
                buffer.clear();
                int read;
                try {
                    read = channel.read(buffer);
                } catch (java.nio.channels.AsynchronousCloseException e) {
                    throw new IOException("no answer from " + socket + " within " + timeout.toMillis() + " ms");
                }
                if (read < 0) {
                    codec.finish();
                } else {
                    buffer.flip();
                    codec.writeInbound(Unpooled.copiedBuffer(buffer));
                }
                for (Object in; (in = codec.readInbound()) != null; ) {
                    if (in instanceof HttpResponse response) {
                        onHead.accept(response);
                    }
                    if (in instanceof HttpContent piece) {
                        if (piece.content().isReadable()) {
                            onContent.accept(ByteBufUtil.getBytes(piece.content()));
                        }
                        ended |= piece instanceof LastHttpContent;
                        piece.release();
                    }
                }
                if (read < 0 && !ended) {
                    throw new IOException("the runtime at " + socket + " closed the connection before answering");
                }
            }
            if (expire != null) {
                expire.cancel();
            }
        } finally {
            codec.finishAndReleaseAll();
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
