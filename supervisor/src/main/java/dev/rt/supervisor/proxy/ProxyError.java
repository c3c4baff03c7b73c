package dev.rt.supervisor.proxy;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * An error the proxy answers itself, rendered in the framework's JSON shape:
 * {@code {"statusCode":502,"error":"Bad Gateway","code":"RT_SERVICE_NOT_FOUND","message":"..."}}.
 */
record ProxyError(HttpResponseStatus status, String code, String message) {

    static ProxyError serviceNotFound(String serviceId, List<String> serviceIds) {
        return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_SERVICE_NOT_FOUND",
                "Service \"" + serviceId + "\" not found. Available services are: " + String.join(", ", serviceIds));
    }

    static ProxyError serviceUnavailable(String serviceId) {
        return new ProxyError(HttpResponseStatus.SERVICE_UNAVAILABLE, "RT_SERVICE_UNAVAILABLE",
                "Service \"" + serviceId + "\" has no started worker; retry shortly");
    }

    static ProxyError upstreamUnreachable(String serviceId, String tried) {
        return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_UPSTREAM_UNREACHABLE",
                "Service \"" + serviceId + "\" is unreachable: no worker took the request (tried " + tried + ")");
    }

    static ProxyError upstreamClosed(Upstream upstream) {
        return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_UPSTREAM_CLOSED",
                "Worker " + upstream.label() + " of service \"" + upstream.serviceId()
                        + "\" closed the connection before it answered");
    }

    static ProxyError serviceTimeout(String serviceId, long timeoutMillis) {
        return new ProxyError(HttpResponseStatus.GATEWAY_TIMEOUT, "RT_SERVICE_TIMEOUT",
                "Service \"" + serviceId + "\" did not answer within " + timeoutMillis + " ms (serviceTimeout)");
    }

    static ProxyError badRequest(String code, String message) {
        return new ProxyError(HttpResponseStatus.BAD_REQUEST, code, message);
    }

    /** The JSON body, without a trailing newline. */
    String json() {
        JsonStringEncoder encoder = JsonStringEncoder.getInstance();
        return "{\"statusCode\":" + status.code()
                + ",\"error\":\"" + new String(encoder.quoteAsString(status.reasonPhrase()))
                + "\",\"code\":\"" + new String(encoder.quoteAsString(code))
                + "\",\"message\":\"" + new String(encoder.quoteAsString(message)) + "\"}";
    }

    /** A complete response carrying this error; {@code close} adds {@code Connection: close}. */
    FullHttpResponse toResponse(ByteBufAllocator alloc, boolean close) {
        byte[] body = json().getBytes(StandardCharsets.UTF_8);
        ByteBuf content = alloc.buffer(body.length).writeBytes(body);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, content);
        HttpHeaders headers = response.headers();
        headers.set(HttpHeaderNames.CONTENT_TYPE, "application/json; charset=utf-8");
        headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        if (status.equals(HttpResponseStatus.SERVICE_UNAVAILABLE)) {
            headers.set(HttpHeaderNames.RETRY_AFTER, "1");
        }
        if (close) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return response;
    }
}
