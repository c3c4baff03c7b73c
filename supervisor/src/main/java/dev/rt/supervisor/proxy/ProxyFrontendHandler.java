package dev.rt.supervisor.proxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Last stage of a client connection. Takes one request at a time, picks its service through the
 * {@link ProxyRoute} and a worker through {@link UpstreamAttempts}, borrows or opens a connection to the
 * worker on this channel's event loop and streams the request body to it, reading the next chunk from the
 * client only once the previous one was written (auto-read is off). The {@link ProxyBackendHandler} streams
 * the response back and hands the connection back for pooling. Messages that cannot be forwarded yet
 * (during the connect, or a pipelined next request) wait in a queue that holds at most one read.
 * A {@code 101 Switching Protocols} answer to an upgrade request (WebSocket), or a mesh {@code CONNECT},
 * turns both connections into a byte tunnel ({@link ClientTimeouts}, before it, limits the time between
 * requests). Everything here runs on the channel's event loop.
 */
final class ProxyFrontendHandler extends ChannelInboundHandlerAdapter {
    /** User event: close now if between requests, otherwise after the current response. */
    static final Object DRAIN = new Object();

    /**
     * Handlers of an HTTP/1 client connection that a tunnel replaces, in the order of removal: the codec goes
     * after the stages behind it, so that the bytes it still holds reach the tunnel.
     */
    static final List<String> HTTP1_HANDLERS = List.of("frontend", "timeouts", "http", "idle");

    private final ProxyRoute route;
    private final BackendPool pool;
    private final long timeoutMillis;
    private final ServerLimits limits;
    private final boolean stream;
    private final UpstreamAttempts attempts;
    private final RequestObserver observer;
    private final ArrayDeque<HttpObject> pending = new ArrayDeque<>(4);
    private final ChannelFutureListener afterConnect = this::afterConnect;
    private final ChannelFutureListener afterResponseWrite = this::afterResponseWrite;
    private final Runnable onTimeout = this::onTimeout;
    private final Runnable retryForSlot = this::retryForSlot;
    private boolean waitingForSlot;
    private ChannelHandlerContext ctx;
    private boolean inDrain;
    private Channel unflushed;
    private boolean writeInFlight;

    // the current exchange
    private boolean active;
    private HttpRequest request;
    private HttpMethod method;
    private boolean http10;
    private ChannelFuture connecting;
    private ProxyBackendHandler backend;
    private boolean reused;
    private boolean requestDone;
    private boolean bodySent;
    private boolean finalHeadSent;
    private boolean discarding;
    private boolean closeAfter;
    private boolean responseWritten;
    private boolean upgrade;
    private boolean tunnel;
    private ScheduledFuture<?> timeout;
    private long startNanos;
    private int status;

    /**
     * @param stream whether the channel is one HTTP/2 stream (its connection handles idle time and head
     *     timeouts) rather than an HTTP/1 connection
     */
    ProxyFrontendHandler(FrontendConfig config, boolean stream) {
        this.route = config.route();
        this.pool = config.pool();
        this.timeoutMillis = config.timeoutMillis();
        this.limits = config.limits();
        this.stream = stream;
        this.attempts = new UpstreamAttempts(config.upstreams());
        this.observer = config.observer();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        if (ctx.channel().isActive()) {
            ctx.read(); // added after the TLS handshake: the connection is already active
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.read();
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FullHttpRequest full) {
            // HTTP/2 gives a request without a body whole: the exchange takes a head, then its end
            DefaultHttpRequest head = new DefaultHttpRequest(full.protocolVersion(), full.method(), full.uri(),
                    full.headers());
            head.setDecoderResult(full.decoderResult());
            pending.add(head);
            pending.add(new DefaultLastHttpContent(full.content(), full.trailingHeaders()));
        } else if (msg instanceof HttpObject object) {
            pending.add(object);
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        drain();
    }

    /** Handles queued client messages as far as the exchange allows, then flushes or asks for more. */
    private void drain() {
        if (inDrain) {
            return; // the running loop sees the new state
        }
        inDrain = true;
        try {
            HttpObject msg;
            while ((msg = pending.peek()) != null) {
                if (msg instanceof HttpRequest head) {
                    if (active) {
                        break; // one request at a time
                    }
                    pending.poll();
                    startExchange(head);
                } else if (active && !discarding && backend == null && !tunnel) {
                    break; // connecting: the body waits
                } else if (tunnel) {
                    pending.poll();
                    ReferenceCountUtil.release(msg); // the empty end of a CONNECT request
                    requestDone = true;
                } else {
                    pending.poll();
                    if (msg.decoderResult().isFailure()) {
                        ReferenceCountUtil.release(msg);
                        ctx.close();
                        return;
                    }
                    handleBody((HttpContent) msg);
                }
            }
        } finally {
            inDrain = false;
        }
        if (unflushed != null) {
            Channel target = unflushed;
            unflushed = null;
            target.flush();
            if (!target.isWritable()) {
                writeInFlight = true; // the worker reads slower than the client sends: wait for backendWritable()
                return;
            }
        }
        if (wantsRead()) {
            ctx.read();
        }
    }

    /** Called by the backend when its connection can take more of the request body again. */
    void backendWritable() {
        if (writeInFlight) {
            writeInFlight = false;
            drain();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable() && backend != null) {
            backend.clientWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    boolean clientWritable() {
        return ctx.channel().isWritable();
    }

    private boolean wantsRead() {
        if (!pending.isEmpty() || !ctx.channel().isActive()) {
            return false;
        }
        if (!active || requestDone) {
            return true; // while waiting for the response, a pending read notices a client that goes away
        }
        return discarding || (backend != null && !writeInFlight);
    }

    private void startExchange(HttpRequest head) {
        active = true;
        startNanos = System.nanoTime();
        request = head;
        method = head.method();
        http10 = HttpVersion.HTTP_1_0.equals(head.protocolVersion());
        requestDone = false;
        bodySent = false;
        finalHeadSent = false;
        discarding = false;
        responseWritten = false;
        tunnel = false;
        closeAfter = !HttpUtil.isKeepAlive(head);
        if (head.decoderResult().isFailure()) {
            closeAfter = true;
            respondError(ProxyError.malformedRequest(head.decoderResult().cause(), limits));
            return;
        }
        HttpHeaders headers = head.headers();
        String upgradeTo = http10 || stream ? null : HopByHopHeaders.upgradeToForward(headers);
        HopByHopHeaders.remove(headers);
        if (stream) {
            Http2Extensions.remove(headers);
        }
        upgrade = upgradeTo != null;
        if (upgrade) {
            headers.set(HttpHeaderNames.UPGRADE, upgradeTo);
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
        }
        head.setProtocolVersion(HttpVersion.HTTP_1_1); // keep-alive towards the worker, whatever the client spoke
        if (HttpMethod.CONNECT.equals(method)) {
            if (!route.allowsTunnels()) {
                closeAfter = true;
                respondError(ProxyError.methodNotAllowed(method.name()));
                return;
            }
            tunnel = true;
        }
        RouteTarget target;
        try {
            target = route.route(head, ctx.channel());
        } catch (RouteRejectedException e) {
            respondError(e.error());
            return;
        }
        if (timeoutMillis > 0) {
            timeout = ctx.executor().schedule(onTimeout, timeoutMillis, TimeUnit.MILLISECONDS);
        }
        if (!attempts.first(target)) {
            respondError(attempts.noWorker());
        } else if (target.authorization().isPresent()) {
            authorizeThenSend(target.authorization().get());
        } else {
            sendToCurrent();
        }
    }

    private void authorizeThenSend(CompletableFuture<String> authorization) {
        HttpRequest forRequest = request;
        authorization.whenComplete((value, failure) -> ctx.executor().execute(() -> {
            if (request != forRequest || finalHeadSent || !active || !ctx.channel().isActive()) {
                return; // the exchange ended meanwhile (timeout, client gone)
            }
            if (failure != null) {
                Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                respondError(ProxyError.tokenUnavailable(attempts.serviceId(), String.valueOf(cause.getMessage())));
            } else {
                request.headers().set(HttpHeaderNames.AUTHORIZATION, value);
                sendToCurrent();
            }
        }));
    }

    private void sendToCurrent() {
        ProxyBackendHandler pooled = pool.poll(ctx.channel().eventLoop(), attempts.current().address());
        if (pooled != null) {
            attach(pooled, true);
        } else {
            connect();
        }
    }

    private void connect() {
        waitingForSlot = false;
        connecting = pool.connect(ctx.channel().eventLoop(), attempts.current().address(), retryForSlot);
        if (connecting == null) {
            waitingForSlot = true; // the worker has undici.connections open: retryForSlot runs when one closes
        } else {
            connecting.addListener(afterConnect);
        }
    }

    /** A connection to the worker closed: take a pooled one, or a free slot, if this request still waits. */
    private void retryForSlot() {
        if (waitingForSlot && active && !finalHeadSent && backend == null && connecting == null) {
            sendToCurrent();
        }
    }

    private void afterConnect(ChannelFuture future) {
        if (future != connecting) {
            future.channel().close(); // the exchange gave up on it meanwhile
            return;
        }
        connecting = null;
        if (future.isSuccess()) {
            attach(future.channel().pipeline().get(ProxyBackendHandler.class), false);
        } else {
            tryNextWorker();
        }
    }

    private void tryNextWorker() {
        if (attempts.next()) {
            sendToCurrent();
        } else {
            respondError(attempts.unreachable());
        }
    }

    private void attach(ProxyBackendHandler target, boolean fromPool) {
        if (tunnel) {
            openTunnel(target);
            return;
        }
        backend = target;
        reused = fromPool;
        target.attach(this);
        write(target.channel(), request);
        if (requestDone) {
            write(target.channel(), LastHttpContent.EMPTY_LAST_CONTENT); // a replayed request without a body
        }
        drain();
    }

    private void handleBody(HttpContent content) {
        boolean last = content instanceof LastHttpContent;
        if (!active || discarding) {
            content.release(); // the body of a request already answered
            if (last && active) {
                requestDone = true;
                maybeFinish();
            }
            return;
        }
        if (content.content().isReadable() || (last && !((LastHttpContent) content).trailingHeaders().isEmpty())) {
            bodySent = true;
        }
        requestDone = last;
        write(backend.channel(), content);
    }

    private void write(Channel channel, Object msg) {
        if (unflushed != null && unflushed != channel) {
            unflushed.flush();
        }
        unflushed = channel;
        channel.write(msg, channel.voidPromise()); // a failed write closes the connection: backendFailed() follows
    }

    /** A mesh CONNECT reached a worker: answer 200, then relay bytes both ways. */
    private void openTunnel(ProxyBackendHandler target) {
        cancelTimeout();
        finalHeadSent = true;
        active = false;
        DefaultHttpResponse established = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        ctx.write(established);
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        TunnelHandler.join(ctx.channel(), HTTP1_HANDLERS, target.channel(), BackendInitializer.HANDLERS);
    }

    /**
     * Called by the backend for a {@code 101 Switching Protocols} head: when this exchange asked for an
     * upgrade, the answer goes to the client and both connections become a tunnel; false otherwise.
     */
    boolean switchProtocols(ProxyBackendHandler from, HttpResponse response) {
        if (from != backend || !upgrade || finalHeadSent) {
            return false;
        }
        cancelTimeout();
        finalHeadSent = true;
        backend = null;
        active = false;
        ctx.write(response);
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        TunnelHandler.join(ctx.channel(), HTTP1_HANDLERS, from.channel(), BackendInitializer.HANDLERS);
        return true;
    }

    /** Called by the backend for each response head, after it removed the hop-by-hop headers. */
    void responseHead(HttpResponse response, boolean interim) {
        if (!interim) {
            cancelTimeout();
            finalHeadSent = true;
            status = response.status().code();
            closeAfter = ResponseFraming.frame(response, method, http10, closeAfter || route.draining());
        }
    }

    void writeToClient(Object msg) {
        ctx.write(msg, ctx.voidPromise()); // a failed write closes the client: channelInactive() follows
    }

    ChannelFuture writeLastToClient(Object msg) {
        return ctx.write(msg);
    }

    void flushToClient() {
        ctx.flush();
    }

    /** Called by the backend once the last response object was written (not flushed) to the client. */
    void responseComplete(ProxyBackendHandler from, ChannelFuture written, boolean reusable) {
        backend = null;
        observer.answered(attempts.current(), method, status, System.nanoTime() - startNanos);
        if (requestDone && reusable) {
            pool.offer(from);
        } else {
            from.abandon();
            closeAfter |= !requestDone; // the worker answered before the whole request arrived
        }
        ctx.flush();
        written.addListener(afterResponseWrite);
    }

    /** Called by the backend when its connection closed or sent garbage in the middle of this exchange. */
    void backendFailed(ProxyBackendHandler from) {
        if (from != backend) {
            return;
        }
        backend = null;
        if (finalHeadSent) {
            ctx.close(); // part of the response went out: the client must see it cut
        } else if (bodySent || !UpstreamAttempts.replayable(method)) {
            respondError(ProxyError.upstreamClosed(attempts.current()));
        } else if (reused) {
            reused = false;
            connect(); // an idle pooled connection the worker had closed: once more on a fresh one
        } else {
            tryNextWorker();
        }
    }

    private void onTimeout() {
        timeout = null;
        if (active && !finalHeadSent) {
            respondError(ProxyError.serviceTimeout(attempts.serviceId(), timeoutMillis));
        }
    }

    /** Answers the current request with an error; the rest of its body is read and dropped. */
    private void respondError(ProxyError error) {
        cancelTimeout();
        abandonBackend();
        finalHeadSent = true;
        discarding = true;
        closeAfter |= route.draining() || (!requestDone && HttpUtil.is100ContinueExpected(request));
        ctx.writeAndFlush(error.toResponse(ctx.alloc(), closeAfter)).addListener(afterResponseWrite);
        drain();
    }

    private void afterResponseWrite(ChannelFuture future) {
        if (!future.isSuccess()) {
            ctx.close();
            return;
        }
        responseWritten = true;
        maybeFinish();
    }

    private void maybeFinish() {
        if (!active || !responseWritten) {
            return;
        }
        if (closeAfter) {
            ctx.close();
        } else if (requestDone) {
            active = false;
            request = null;
            drain();
        }
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }

    private void abandonBackend() {
        waitingForSlot = false;
        if (backend != null) {
            backend.abandon();
            backend = null;
        }
        if (connecting != null) {
            ChannelFuture abandoned = connecting;
            connecting = null;
            abandoned.cancel(false);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event != DRAIN) {
            ctx.fireUserEventTriggered(event);
        } else if (active) {
            closeAfter = true;
        } else {
            ctx.close();
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelTimeout();
        HttpObject msg;
        while ((msg = pending.poll()) != null) {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelTimeout();
        abandonBackend();
        active = false;
        HttpObject msg;
        while ((msg = pending.poll()) != null) {
            ReferenceCountUtil.release(msg);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
