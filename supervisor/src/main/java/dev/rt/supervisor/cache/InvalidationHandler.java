package dev.rt.supervisor.cache;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * {@code POST /http-cache/invalidate} from a worker, through the mesh: the body and the answers of the management
 * API's route of that name. 200 with no body once done; 400 {@code RT_HTTP_CACHE_INVALID_INVALIDATION} for a body
 * that is not an {@link InvalidationRequest}; 405 for another method; 404 for another path; 500
 * {@code RT_HTTP_CACHE_STORE_FAILED} when the store throws. Errors are {@code {statusCode, code, error, message}}.
 */
final class InvalidationHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    static final String PATH = "/http-cache/invalidate";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpCache cache;

    InvalidationHandler(HttpCache cache) {
        this.cache = cache;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String path = request.uri().split("\\?", 2)[0];
        FullHttpResponse response;
        if (!path.equals(PATH)) {
            response = error(HttpResponseStatus.NOT_FOUND, "RT_ROUTE_NOT_FOUND", "Route " + request.method() + ":"
                    + path + " not found: http://rt.local serves POST " + PATH + " only");
        } else if (!HttpMethod.POST.equals(request.method())) {
            response = error(HttpResponseStatus.METHOD_NOT_ALLOWED, "RT_METHOD_NOT_ALLOWED", "Method "
                    + request.method() + " is not allowed on " + PATH + ": use POST");
            response.headers().set(HttpHeaderNames.ALLOW, "POST");
        } else {
            response = invalidate(ByteBufUtil.getBytes(request.content()));
        }
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        var written = ctx.writeAndFlush(response);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    private FullHttpResponse invalidate(byte[] body) {
        InvalidationRequest invalidation;
        try {
            invalidation = InvalidationRequest.parse(body, cache);
        } catch (InvalidationRequest.Invalid e) {
            return error(HttpResponseStatus.BAD_REQUEST, "RT_HTTP_CACHE_INVALID_INVALIDATION",
                    "Invalid cache invalidation: " + e.getMessage());
        }
        try {
            invalidation.applyTo(cache);
        } catch (RuntimeException e) {
            return error(HttpResponseStatus.INTERNAL_SERVER_ERROR, "RT_HTTP_CACHE_STORE_FAILED",
                    "The HTTP cache's store failed: " + e.getMessage());
        }
        FullHttpResponse done = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        done.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        return done;
    }

    static FullHttpResponse error(HttpResponseStatus status, String code, String message) {
        ObjectNode body = JSON.createObjectNode();
        body.put("statusCode", status.code());
        body.put("code", code);
        body.put("error", status.reasonPhrase());
        body.put("message", message);
        FullHttpResponse response;
        try {
            response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                    Unpooled.wrappedBuffer(JSON.writeValueAsBytes(body)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json; charset=utf-8")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        return response;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
