package dev.rt.supervisor.proxy.exchange;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * How a worker's final response head is framed for the client connection: sent as HTTP/1.1, with its
 * hop-by-hop headers already gone, {@code Connection: close} when the connection ends after it, and
 * {@code Connection: keep-alive} for an HTTP/1.0 client that keeps it. A body that only the end of the
 * connection delimits (no length, not chunked, or chunked for an HTTP/1.0 client) ends the connection.
 */
final class ResponseFraming {

    private ResponseFraming() {
    }

    /**
     * Rewrites {@code response} in place.
     *
     * @param method the method of the request it answers
     * @param http10 whether the client spoke HTTP/1.0
     * @param close whether the client connection already has to close after this response
     * @return whether the client connection has to close after this response
     */
    static boolean frame(HttpResponse response, HttpMethod method, boolean http10, boolean close) {
        HttpHeaders headers = response.headers();
        response.setProtocolVersion(HttpVersion.HTTP_1_1);
        if (http10 && HttpUtil.isTransferEncodingChunked(response)) {
            headers.remove(HttpHeaderNames.TRANSFER_ENCODING); // HTTP/1.0 has no chunks: the body ends with the connection
        }
        boolean mustClose = close || !selfDelimited(response, method);
        if (mustClose) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (http10) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        return mustClose;
    }

    private static boolean selfDelimited(HttpResponse response, HttpMethod method) {
        int status = response.status().code();
        return status == 204 || status == 304 || HttpMethod.HEAD.equals(method)
                || HttpUtil.isContentLengthSet(response) || HttpUtil.isTransferEncodingChunked(response);
    }
}
