package dev.rt.supervisor.proxy.route;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.rt.supervisor.proxy.policy.PolicyRefusal;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * An error the proxy answers itself, as JSON:
 * {@code {"statusCode":502,"error":"Bad Gateway","code":"RT_SERVICE_NOT_FOUND","message":"..."}}; an empty
 * code is left out, as in the 404 of a path outside {@code basePath} {@code {"statusCode":404,"error":"Not Found",
 * "message":"Route GET:/x not found"}}, the answer of an application that has no such route.
 */
public record ProxyError(HttpResponseStatus status, String code, String message) implements ProxyAnswer {

    public static ProxyError serviceNotFound(String serviceId, List<String> serviceIds) {
        return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_SERVICE_NOT_FOUND",
                "Service \"" + serviceId + "\" not found. Available services are: " + String.join(", ", serviceIds));
    }

    public static ProxyError serviceUnavailable(String serviceId) {
        return new ProxyError(HttpResponseStatus.SERVICE_UNAVAILABLE, "RT_SERVICE_UNAVAILABLE",
                "Service \"" + serviceId + "\" has no started worker; retry shortly");
    }

    /** {@code serviceId} is an origin ({@code http://host:port}) for a target outside the runtime. */
    public static ProxyError upstreamUnreachable(String serviceId, String tried) {
        if (serviceId.contains("://")) {
            return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_UPSTREAM_UNREACHABLE",
                    "The origin " + serviceId + " is unreachable: it refused the connection");
        }
        return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_UPSTREAM_UNREACHABLE",
                "Service \"" + serviceId + "\" is unreachable: no worker took the request (tried " + tried + ")");
    }

    /** {@code notHttp}: it answered bytes that are not HTTP, and the proxy closed the connection. */
    public static ProxyError upstreamClosed(Upstream upstream, boolean notHttp) {
        return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_UPSTREAM_CLOSED",
                "Worker " + upstream.label() + " of service \"" + upstream.serviceId() + (notHttp
                        ? "\" answered on port " + upstream.address().getPort() + " with bytes that are not HTTP"
                        : "\" closed the connection before it answered"));
    }

    /** Every worker tried, and one at least took the connection without answering HTTP. */
    public static ProxyError upstreamNotHttp(String serviceId, String tried) {
        return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_UPSTREAM_CLOSED",
                "Service \"" + serviceId + "\" did not answer over HTTP (" + tried + ")");
    }

    public static ProxyError serviceTimeout(String serviceId, long timeoutMillis) {
        return serviceTimeout(serviceId, timeoutMillis, "serviceTimeout");
    }

    /** {@code setting}: the one whose limit passed, {@code serviceTimeout} or {@code undici.headersTimeout}. */
    public static ProxyError serviceTimeout(String serviceId, long timeoutMillis, String setting) {
        return new ProxyError(HttpResponseStatus.GATEWAY_TIMEOUT, "RT_SERVICE_TIMEOUT",
                "Service \"" + serviceId + "\" did not answer within " + timeoutMillis + " ms (" + setting + ")");
    }

    static ProxyError routeNotFound(String method, String path) {
        return new ProxyError(HttpResponseStatus.NOT_FOUND, "", "Route " + method + ":" + path + " not found");
    }

    public static ProxyError requestTimeout(long timeoutMillis) {
        return new ProxyError(HttpResponseStatus.REQUEST_TIMEOUT, "RT_HEADERS_TIMEOUT",
                "The request head did not arrive within " + timeoutMillis + " ms (server.headersTimeout)");
    }

    static ProxyError requestLineTooLong(int limit) {
        return new ProxyError(HttpResponseStatus.REQUEST_URI_TOO_LONG, "RT_REQUEST_LINE_TOO_LONG",
                "The request line is longer than " + limit + " bytes (server.maxRequestLineLength)");
    }

    static ProxyError headersTooLarge(int limit) {
        return new ProxyError(HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "RT_HEADERS_TOO_LARGE",
                "The request headers are larger than " + limit + " bytes (server.maxHeaderSize)");
    }

    public static ProxyError methodNotAllowed(String method) {
        return new ProxyError(HttpResponseStatus.METHOD_NOT_ALLOWED, "RT_METHOD_NOT_ALLOWED",
                "The entrypoint does not accept " + method + " requests");
    }

    public static ProxyError tokenUnavailable(String origin, String cause) {
        return new ProxyError(HttpResponseStatus.BAD_GATEWAY, "RT_TOKEN_UNAVAILABLE",
                "No access token for " + origin + ": " + cause);
    }

    /**
     * The answer to a request the decoder could not read (414 or 431 past a limit, 400 otherwise), or that the
     * policy refused (413 past the body limit, 408 past the request timeout). The limits are the server's, to
     * name in the answer.
     */
    public static ProxyError malformedRequest(Throwable cause, int maxRequestLineLength, int maxHeaderSize) {
        if (cause instanceof PolicyRefusal refusal) {
            return new ProxyError(new HttpResponseStatus(refusal.status(), refusal.reason()), refusal.code(),
                    refusal.getMessage());
        }
        if (cause instanceof TooLongHttpLineException) {
            return requestLineTooLong(maxRequestLineLength);
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return headersTooLarge(maxHeaderSize);
        }
        return badRequest("RT_BAD_REQUEST", "Malformed HTTP request: " + cause.getMessage());
    }

    static ProxyError badRequest(String code, String message) {
        return new ProxyError(HttpResponseStatus.BAD_REQUEST, code, message);
    }

    /** The JSON body, without a trailing newline. */
    String json() {
        JsonStringEncoder encoder = JsonStringEncoder.getInstance();
        return "{\"statusCode\":" + status.code()
                + ",\"error\":\"" + new String(encoder.quoteAsString(status.reasonPhrase()))
                + (code.isEmpty() ? "" : "\",\"code\":\"" + new String(encoder.quoteAsString(code)))
                + "\",\"message\":\"" + new String(encoder.quoteAsString(message)) + "\"}";
    }

    /** A complete response carrying this error; {@code close} adds {@code Connection: close}. */
    @Override
    public FullHttpResponse toResponse(ByteBufAllocator alloc, boolean close) {
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
