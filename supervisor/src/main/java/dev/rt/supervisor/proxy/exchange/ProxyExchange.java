package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.backend.AttachedExchange;
import dev.rt.supervisor.proxy.backend.ProxyBackendHandler;
import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import dev.rt.supervisor.proxy.route.ProxyAnswer;
import dev.rt.supervisor.proxy.route.ProxyError;
import dev.rt.supervisor.proxy.route.ProxyRoute;
import dev.rt.supervisor.proxy.route.RouteRejectedException;
import dev.rt.supervisor.proxy.route.RouteTarget;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * The exchange in progress on a client connection (or h2 stream), request after request: refuses a malformed head,
 * rewrites it for the worker (hop-by-hop headers, HTTP/1.1), picks its service through the {@link ProxyRoute} and a
 * worker through {@link UpstreamAttempts}, and has its {@link BackendLink} stream the request to that worker. What it
 * knows of that request is its {@link ExchangeRequest}. The worker's connection hands the response over ({@link
 * AttachedExchange}), framed for the client and written by its {@link ExchangeResponse}; errors the proxy answers
 * itself ({@link ProxyError}: a head {@link HeadRefusal} refuses, the {@code serviceTimeout} of {@link
 * ExchangeTimeout}) end the exchange too, as does a response the HTTP cache holds ({@link ExchangeExtras}). A {@code
 * 101 Switching Protocols} answer to an upgrade request (WebSocket, also over an h2 stream: {@link
 * StreamWebSockets}), or a mesh {@code CONNECT}, turns both connections into a byte tunnel ({@link ExchangeTunnel}).
 * Where it is lies in one {@link ExchangePhase}, changed only by {@link #moveTo}. The {@link ProxyFrontendHandler}
 * feeds it what the client sends and reads on when it can take more. At a gateway's public server, its {@link
 * EntrypointPolicy} answers CORS preflights and puts CORS headers on every answer. Everything here runs on the
 * client channel's event loop.
 */
final class ProxyExchange implements AttachedExchange, ChannelFutureListener {
    private final ProxyFrontendHandler frontend;
    private final ProxyRoute route;
    private final ServerLimits limits;
    private final boolean stream;
    private final StreamWebSockets webSockets; // on an h2 stream; null on an HTTP/1 connection
    private final UpstreamAttempts attempts;
    private final BackendLink link;
    private final ExchangeDispatch dispatch;
    private final RequestObserver observer;
    private final ExchangeExtras extras; // tracing and the cache; null when both are off
    private final ExchangeTimeout timeout;
    private final ExchangeTimeout headersTimeout;
    private final EntrypointPolicy policy;
    private final ExchangeRequest request = new ExchangeRequest(); // the current one; its progress beside the phase
    private final ExchangeResponse response;
    private ChannelHandlerContext ctx;
    private ExchangePhase phase = ExchangePhase.IDLE;

    // The exchange listens to the writes of its answers itself (operationComplete) rather than holding a
    // listener: a frontend (one per h2 stream, so per request there) costs no object beyond it. Its request and
    // response sides are two objects, offset by the arrays UpstreamAttempts no longer makes before a failure.
    ProxyExchange(ProxyFrontendHandler frontend, FrontendConfig config, StreamWebSockets webSockets) {
        this.frontend = frontend;
        this.route = config.route();
        this.timeout = new ExchangeTimeout(this, config.timeoutMillis(), "serviceTimeout");
        long headersMillis = config.pool().options().headersTimeoutMillis();
        this.headersTimeout = headersMillis > 0 ? new ExchangeTimeout(this, headersMillis, "undici.headersTimeout")
                : ExchangeTimeout.NONE;
        this.limits = config.limits();
        this.stream = webSockets != null;
        this.webSockets = webSockets;
        this.attempts = new UpstreamAttempts(config.upstreams());
        this.link = new BackendLink(this, config.pool(), attempts);
        this.dispatch = new ExchangeDispatch(this, attempts, link);
        this.observer = config.observer();
        this.extras = ExchangeExtras.of(config.hooks());
        this.policy = config.policy();
        this.response = new ExchangeResponse(route, extras, this);
    }

    /** Answers are written from the frontend's place in the client's pipeline. */
    void bind(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        response.bind(ctx);
        link.bind(ctx.channel());
    }

    BackendLink link() {
        return link;
    }

    ExchangePhase phase() {
        return phase;
    }

    /**
     * The one place the phase changes, with what a change entails: no longer waiting for a response head ends
     * the {@code serviceTimeout} and the {@code headersTimeout}. A change {@link ExchangePhase#leadsTo} does not
     * allow is a bug, thrown: the connection closes.
     */
    private void moveTo(ExchangePhase next) {
        if (!phase.leadsTo(next)) {
            throw new IllegalStateException("a proxy exchange cannot go from " + phase + " to " + next);
        }
        phase = next;
        if (!next.awaitsResponse()) {
            timeout.cancel();
            headersTimeout.cancel();
        }
    }

    /** Whether a request is in progress (the next one waits). */
    boolean active() {
        return phase.active();
    }

    /** Whether the body of the current request has to wait: the connection to its worker is not there (yet). */
    boolean bodyWaits() {
        return phase.forwardsBody() && !request.connect && !link.attached();
    }

    /** Whether the exchange takes more from the client now. */
    boolean wantsMore() {
        if (!phase.active() || request.done || !phase.forwardsBody()) {
            return true; // also while waiting for the response, a pending read notices a client that goes away
        }
        return link.takesBody();
    }

    /** Whether the current request waits for a connection to its worker, so that one is still of use. */
    boolean connecting() {
        return phase == ExchangePhase.CONNECTING;
    }

    /** Starts the exchange of a new request head (the previous exchange ended). */
    void start(HttpRequest head) {
        moveTo(ExchangePhase.CONNECTING);
        request.begin(head, webSockets);
        ProxyError refused = HeadRefusal.of(head, limits, stream, request.http10);
        request.cors = policy.cors(head);
        if (refused == null && request.cors.answers()) {
            respondError(request.cors::answer); // a preflight
            return;
        }
        if (refused == null) { // an acceptable head is rewritten for the worker
            request.upgrade = HopByHopHeaders.forUpstream(head, request.http10 || stream && !request.webSocketStream,
                    stream);
            refused = request.connect && !route.allowsTunnels() ? ProxyError.methodNotAllowed(request.method.name())
                    : null;
        }
        if (refused != null) {
            request.closeAfter = true;
            respondError(refused);
            return;
        }
        String asked = extras != null && extras.wantsAsked() ? head.uri() : null;
        RouteTarget target;
        try {
            target = route.route(head, ctx.channel());
        } catch (RouteRejectedException e) {
            respondError(e.error());
            return;
        }
        request.target = target;
        timeout.arm(ctx.executor());
        if (target.answer() != null) {
            respondError(target.answer()); // the route answers itself
        } else {
            dispatch.lookupThenSend(extras == null ? null : extras.begin(head, asked, target,
                    request.connect || request.upgrade, ctx.channel()), target, head);
        }
    }

    /** Runs {@code then} on the loop, unless {@code forRequest} no longer waits for its worker (timeout, client gone). */
    void ifStillWaiting(HttpRequest forRequest, Runnable then) {
        ctx.executor().execute(() -> {
            if (request.head == forRequest && phase == ExchangePhase.CONNECTING && ctx.channel().isActive()) {
                then.run();
            }
        });
    }

    /** Answers the current request with {@code stored} (the cache's); the rest of the request body is dropped. */
    void answerLocally(FullHttpResponse stored) {
        moveTo(ExchangePhase.LOCAL_ANSWER);
        link.abandon();
        response.local(stored, request);
        frontend.drain();
    }

    /** Called by the link with the connection to the worker: the request, or a tunnel, goes over it. */
    void attach(ProxyBackendHandler target, boolean fromPool) {
        if (request.connect) {
            moveTo(ExchangePhase.TUNNEL); // a mesh CONNECT reached a worker: answer 200, then relay bytes
            ExchangeTunnel.connect(ctx, extras, target.channel());
            return;
        }
        moveTo(ExchangePhase.FORWARDING);
        link.attach(target, fromPool);
        attempts.addressHost(request.head);
        link.write(request.head);
        if (request.done) {
            link.write(LastHttpContent.EMPTY_LAST_CONTENT); // a replayed request without a body
            headersTimeout.arm(ctx.executor());
        }
        frontend.drain();
    }

    /**
     * The next part of the client's request body: to the worker, or dropped once the request was answered (the
     * end of a {@code CONNECT}, whose bytes after the head belong to the tunnel, too).
     */
    void body(HttpContent content) {
        boolean last = content instanceof LastHttpContent;
        if (!phase.forwardsBody() || request.connect) {
            content.release();
            if (last && phase.active()) {
                request.done = true;
                finishIfAnswered();
            }
            return;
        }
        if (content.content().isReadable() || (last && !((LastHttpContent) content).trailingHeaders().isEmpty())) {
            request.bodySent = true;
        }
        request.done = last;
        link.write(content);
        if (last) {
            headersTimeout.arm(ctx.executor()); // the whole request went to the worker: its head is due
        }
    }

    /** When this exchange asked for an upgrade, its answer goes to the client, hop-by-hop headers out. */
    @Override
    public boolean switchProtocols(ProxyBackendHandler from, HttpResponse switching) {
        if (!link.attachedTo(from) || !request.upgrade || phase != ExchangePhase.FORWARDING) {
            return false;
        }
        moveTo(ExchangePhase.TUNNEL);
        link.detach();
        ExchangeTunnel.switchProtocols(ctx, switching, extras, from.channel(),
                request.webSocketStream ? webSockets : null);
        return true;
    }

    @Override
    public void responseHead(HttpResponse head, boolean interim) {
        HopByHopHeaders.remove(head.headers());
        if (!interim) {
            moveTo(ExchangePhase.RESPONDING);
            response.head(head, request);
        }
    }

    @Override
    public void writeToClient(Object msg) {
        response.write(msg);
    }

    @Override
    public ChannelFuture writeLastToClient(Object msg) {
        return response.writeLast(msg);
    }

    @Override
    public void flushToClient() {
        response.flush();
    }

    @Override
    public boolean clientWritable() {
        return response.writable();
    }

    @Override
    public void backendWritable() {
        if (link.resume()) {
            frontend.drain();
        }
    }

    @Override
    public void responseComplete(ProxyBackendHandler from, ChannelFuture written, boolean reusable) {
        moveTo(ExchangePhase.COMPLETING);
        link.detach();
        ExchangeExtras.end(extras, null, false);
        observer.answered(attempts.current(), request.method, response.status(),
                System.nanoTime() - request.startNanos);
        link.release(from, request.done && reusable);
        request.closeAfter |= !request.done; // the worker answered before the whole request arrived
        ctx.flush();
        written.addListener(this);
    }

    @Override
    public void backendFailed(ProxyBackendHandler from) {
        if (!link.attachedTo(from)) {
            return;
        }
        link.detach();
        ExchangeExtras.abandon(extras);
        response.discardHeld();
        if (!phase.awaitsResponse()) {
            ctx.close(); // part of the response went out: the client must see it cut
        } else if (request.bodySent || !UpstreamAttempts.replayable(request.method)) {
            respondError(ProxyError.upstreamClosed(attempts.current(), from.answeredNotHttp()));
        } else {
            moveTo(ExchangePhase.CONNECTING);
            link.retry(from.answeredNotHttp());
        }
    }

    /** An {@link ExchangeTimeout} went off: answered 504 unless the response head came meanwhile. */
    void timedOut(ExchangeTimeout which) {
        if (phase.awaitsResponse()) {
            respondError(ProxyError.serviceTimeout(attempts.serviceId(), which.millis(), which.setting()));
        }
    }

    /**
     * A part of the request body could not be decoded (a malformed chunk; the decoder reads no further from
     * this connection): answered 400 unless the answer has begun, and the connection closes either way. The
     * worker's connection, holding a request body cut short, is closed too.
     */
    void malformedBody(Throwable cause) {
        request.closeAfter = true;
        if (phase.awaitsResponse()) {
            respondError(ProxyError.malformedRequest(cause, limits.maxRequestLineLength(), limits.maxHeaderSize()));
        } else {
            ctx.close();
        }
    }

    /** Answers the current request with an error (or the route's own answer); the rest of its body is dropped. */
    void respondError(ProxyAnswer error) {
        moveTo(ExchangePhase.ERROR_ANSWER);
        link.abandon();
        response.error(error, request);
        frontend.drain();
    }

    /** The answer to the current request (the worker's, or an error) was written to the client. */
    @Override
    public void operationComplete(ChannelFuture future) {
        if (!future.isSuccess()) {
            ctx.close();
        } else if (phase == ExchangePhase.COMPLETING || phase == ExchangePhase.ERROR_ANSWER
                || phase == ExchangePhase.LOCAL_ANSWER) {
            if (phase != ExchangePhase.COMPLETING) {
                moveTo(ExchangePhase.DISCARDING);
            }
            finishIfAnswered();
        }
    }

    /** Once the answer is written: closes the connection when it must, or ends the exchange with the request. */
    private void finishIfAnswered() {
        if (phase != ExchangePhase.COMPLETING && phase != ExchangePhase.DISCARDING) {
            return;
        }
        if (request.closeAfter) {
            ctx.close();
        } else if (request.done) {
            moveTo(ExchangePhase.IDLE);
            request.head = null;
            frontend.drain();
        }
    }

    void cancelTimeout() {
        timeout.cancel();
        headersTimeout.cancel();
    }

    /** The server drains: the connection closes after the current response. */
    void closeAfterResponse() {
        request.closeAfter = true;
    }

    /** The client connection closed: the exchange, if any, ends without an answer. */
    void clientClosed() {
        moveTo(ExchangePhase.CLOSED);
        response.discardHeld();
        link.abandon();
        ExchangeExtras.abandon(extras);
        ExchangeExtras.end(extras, null, false);
    }
}
