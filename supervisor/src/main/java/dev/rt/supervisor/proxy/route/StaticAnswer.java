package dev.rt.supervisor.proxy.route;

import dev.rt.kind.routing.Answer;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/**
 * A routing table's {@link Answer}, ready to be written again and again: the body is wrapped, never copied, and
 * HEAD requests get the head alone (the HTTP/1.1 encoder leaves the body out).
 */
final class StaticAnswer implements ProxyAnswer {
    private final HttpResponseStatus status;
    private final HttpHeaders headers = new DefaultHttpHeaders();
    private final byte[] body;

    StaticAnswer(Answer answer) {
        this.status = HttpResponseStatus.valueOf(answer.status());
        answer.headers().forEach(headers::set);
        headers.setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length);
        this.body = answer.body();
    }

    @Override
    public FullHttpResponse toResponse(ByteBufAllocator alloc, boolean close) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(body));
        response.headers().set(headers);
        if (close) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return response;
    }
}
