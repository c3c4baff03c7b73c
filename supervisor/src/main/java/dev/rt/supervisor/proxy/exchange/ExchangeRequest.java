package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.policy.CorsRequest;
import dev.rt.supervisor.proxy.route.RouteTarget;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * What a {@link ProxyExchange} knows of the request in progress: its head and what {@link #begin} finds in it
 * (method, HTTP/1.0, a {@code CONNECT}, a WebSocket over an h2 stream), what the exchange adds (an upgrade asked for,
 * its route's target and CORS request), and its progress (whole body received, some body sent, the connection to
 * close after the answer). One per exchange, reused request after request: a new request costs no object here.
 * Fields, not accessors: the exchange reads and sets them on every step, all on its client channel's event loop.
 */
final class ExchangeRequest {
    HttpRequest head; // null between requests
    RouteTarget target;
    CorsRequest cors = CorsRequest.NONE;
    HttpMethod method;
    boolean http10;
    boolean upgrade; // an acceptable head asked for a protocol switch
    boolean webSocketStream; // a WebSocket over an h2 stream (RFC 8441)
    boolean connect;
    boolean done; // the whole request arrived
    boolean bodySent; // a part of its body went to a worker: it can no longer be replayed
    boolean closeAfter; // the connection closes once the answer is out
    long startNanos;

    /** A new request head: forgets the previous request's progress. */
    void begin(HttpRequest request, StreamWebSockets webSockets) {
        startNanos = System.nanoTime();
        head = request;
        webSocketStream = webSockets != null && webSockets.requested(request);
        if (webSocketStream) {
            webSockets.toUpgradeRequest(request);
        }
        method = request.method();
        http10 = HttpVersion.HTTP_1_0.equals(request.protocolVersion());
        connect = HttpMethod.CONNECT.equals(method);
        done = webSocketStream; // its stream carries no body, only the WebSocket after the answer
        bodySent = false;
        closeAfter = !HttpUtil.isKeepAlive(request);
    }

    /** The client waits for a {@code 100 Continue} before sending a body it has not sent. */
    boolean awaitsContinue() {
        return !done && HttpUtil.is100ContinueExpected(head);
    }
}
