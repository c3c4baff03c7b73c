package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.List;
import java.util.stream.Stream;

/**
 * Last stage of a client connection (or h2 stream). Reads it on demand (auto-read is off) and hands what it
 * sends, one request at a time, to its {@link ProxyExchange}, which routes the request and streams it to a
 * worker through its {@link BackendLink}. The next chunk of a request body is read from the client only once
 * the previous one was written and the worker's connection can take more. Messages that cannot be handled
 * yet (during the connect, or a pipelined next request) wait in a queue that holds at most one read.
 * ({@link ClientTimeouts}, before it, limits the time between requests.) Everything here runs on the
 * channel's event loop.
 */
public final class ProxyFrontendHandler extends ChannelInboundHandlerAdapter {
    /** User event: close now if between requests, otherwise after the current response. */
    public static final Object DRAIN = new Object();
    /**
     * Handlers of an HTTP/1 client connection that a tunnel replaces, in the order of removal: the codec goes
     * after the stages behind it, so that the bytes it still holds reach the tunnel.
     */
    public static final List<String> HTTP1_HANDLERS = Stream.of(List.of("frontend"), EntrypointPolicy.REQUEST_STAGES,
            List.of("timeouts", "http", "idle")).flatMap(List::stream).toList();


    private final ProxyExchange exchange;
    private final BackendLink link;
    private final ArrayDeque<HttpObject> pending = new ArrayDeque<>(4);
    private ChannelHandlerContext ctx;
    private boolean inDrain;

    /** The frontend of an HTTP/1 connection. */
    public ProxyFrontendHandler(FrontendConfig config) {
        this(config, null);
    }

    /**
     * The frontend of one HTTP/2 stream (its connection handles idle time and head timeouts), whose WebSockets
     * {@code webSockets} carries.
     */
    public ProxyFrontendHandler(FrontendConfig config, StreamWebSockets webSockets) {
        this.exchange = new ProxyExchange(this, config, webSockets);
        this.link = exchange.link();
    }

    /** Where the exchange of this connection is now. */
    ExchangePhase phase() {
        return exchange.phase();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        exchange.bind(ctx);
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

    /**
     * Hands queued client messages to the exchange as far as it takes them, then flushes them to the worker
     * and reads on, or waits for the worker's connection to drain. The exchange calls it again whenever it can
     * take more.
     */
    void drain() {
        if (inDrain) {
            return; // the running loop sees the new state
        }
        inDrain = true;
        try {
            HttpObject msg;
            while ((msg = pending.peek()) != null) {
                if (msg instanceof HttpRequest head) {
                    if (exchange.active()) {
                        break; // one request at a time
                    }
                    pending.poll();
                    exchange.start(head);
                } else if (exchange.bodyWaits()) {
                    break; // connecting: the body waits
                } else {
                    pending.poll();
                    if (msg.decoderResult().isFailure()) { // a malformed chunk: the decoder reads no further
                        Throwable cause = msg.decoderResult().cause();
                        ReferenceCountUtil.release(msg);
                        exchange.malformedBody(cause);
                        return;
                    }
                    exchange.body((HttpContent) msg);
                }
            }
        } finally {
            inDrain = false;
        }
        if (!link.flush()) {
            return; // the worker reads slower than the client sends: the exchange's backendWritable() reads on
        }
        if (wantsRead()) {
            ctx.read();
        }
    }

    private boolean wantsRead() {
        return pending.isEmpty() && ctx.channel().isActive() && exchange.wantsMore();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            link.clientWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event != DRAIN) {
            ctx.fireUserEventTriggered(event);
        } else if (exchange.active()) {
            exchange.closeAfterResponse();
        } else {
            ctx.close();
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        exchange.cancelTimeout();
        releasePending();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        exchange.clientClosed();
        releasePending();
        ctx.fireChannelInactive();
    }

    private void releasePending() {
        HttpObject msg;
        while ((msg = pending.poll()) != null) {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
