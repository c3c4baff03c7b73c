package dev.rt.supervisor.proxy.policy;

import dev.rt.kind.cors.CorsAnswer;
import dev.rt.kind.cors.CorsRules;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Map;
import java.util.Optional;

/**
 * What CORS makes of one request at the public server ({@link CorsAnswer}): the headers its response gets, whoever
 * answers it (a service behind, or the proxy itself), or the preflight answer the public server gives. A header the
 * service's response sets itself stays as the service set it, as the service kind keeps a route's own header;
 * {@code Vary} gains the names CORS adds.
 */
public final class CorsRequest {
    /** A request CORS adds nothing to. */
    public static final CorsRequest NONE = new CorsRequest(null);

    private final CorsAnswer answer;

    CorsRequest(CorsAnswer answer) {
        this.answer = answer;
    }

    /** Whether the public server answers the request itself ({@link #answer}): a preflight. */
    public boolean answers() {
        return answer != null && answer.answers();
    }

    /** The preflight answer: its status, the CORS headers, no body (or the refusal's text). */
    public FullHttpResponse answer(ByteBufAllocator alloc, boolean close) {
        String text = answer.body().orElse("");
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(answer.status().orElseThrow()),
                text.isEmpty() ? Unpooled.EMPTY_BUFFER : ByteBufUtil.writeUtf8(alloc, text));
        if (!text.isEmpty()) {
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, CorsAnswer.BODY_TYPE);
        }
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        if (close) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return decorate(response);
    }

    /** {@code response} with the CORS headers the service did not set itself; returns it. */
    public <R extends HttpResponse> R decorate(R response) {
        if (answer == null) {
            return response;
        }
        HttpHeaders headers = response.headers();
        for (Map.Entry<String, String> header : answer.headers()) {
            if (!headers.contains(header.getKey())) {
                headers.set(header.getKey(), header.getValue());
            }
        }
        for (String name : answer.vary()) {
            headers.set(HttpHeaderNames.VARY, CorsRules.vary(Optional.ofNullable(headers.get(HttpHeaderNames.VARY)),
                    name));
        }
        return response;
    }
}
