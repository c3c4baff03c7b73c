package dev.rt.supervisor.proxy.backend;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Last stage of a connection to a worker. While a client's exchange is attached (an {@link AttachedExchange}) it
 * hands each response object to it as it arrives and reads the next chunk only once the previous batch was
 * written (auto-read is off); at the end of the response it detaches and hands itself back to the exchange,
 * which pools or closes it. Idle in the pool, unexpected data, a reader-idle timeout or a close end it, and
 * so does a response body that pauses longer than {@code undici.bodyTimeout} between two parts while the client
 * reads on: the exchange then cuts the client's response, whose head went out already, as undici's
 * {@code BodyTimeoutError} ends a body.
 */
public final class ProxyBackendHandler extends ChannelInboundHandlerAdapter {
    private static final AsciiString KEEP_ALIVE = AsciiString.cached("keep-alive");
    private final BackendPool pool;
    private final InetSocketAddress address;
    private Channel channel;
    private AttachedExchange exchange;
    private boolean interim;
    private boolean reusable;
    private boolean wrote;
    private boolean waitingForClient;
    private boolean notHttp;
    private long idleMillis;
    private long idleSince;
    private final Runnable checkBody = this::checkBody;
    private ScheduledFuture<?> bodyTimer; // while a response body is awaited, with undici.bodyTimeout
    private long lastBodyPart;

    ProxyBackendHandler(BackendPool pool, InetSocketAddress address) {
        this.pool = pool;
        this.address = address;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    public Channel channel() {
        return channel;
    }

    InetSocketAddress address() {
        return address;
    }

    /** Starts an exchange for {@code owner}: from now on responses go to it. */
    public void attach(AttachedExchange owner) {
        exchange = owner;
        wrote = false;
        waitingForClient = false;
        channel.read();
    }

    /** Whether the worker answered this exchange with bytes that are not HTTP (the connection then closed). */
    public boolean answeredNotHttp() {
        return notHttp;
    }

    /** Ends this connection without telling the exchange (it gave the connection up). */
    public void abandon() {
        exchange = null;
        cancelBodyTimer();
        channel.close();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!ctx.channel().isOpen()) {
            ReferenceCountUtil.release(msg); // decoded from the same read after this side closed: the close decides
            return;
        }
        AttachedExchange owner = exchange;
        if (owner == null || !(msg instanceof HttpObject) || ((HttpObject) msg).decoderResult().isFailure()) {
            ReferenceCountUtil.release(msg);
            notHttp = owner != null && msg instanceof HttpResponse; // its first line, or its head, is not HTTP
            ctx.close(); // an idle connection sent data, or the worker sent a malformed response
            return;
        }
        if (msg instanceof HttpResponse response
                && response.status().code() == HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
            switchProtocols(ctx, owner, response);
            return;
        }
        if (msg instanceof HttpResponse response) {
            interim = response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
            reusable = !interim && HttpUtil.isKeepAlive(response);
            if (!interim) {
                idleMillis = keepAliveMillis(response);
                startBodyTimer(ctx);
            }
            owner.responseHead(response, interim); // which removes the hop-by-hop headers first
            if (interim) {
                // one object, head and (empty) end: an h2 stream sends a 1xx as a HEADERS frame of its own and
                // takes it only whole; HTTP/1.1 encodes it the same. The decoder's empty end follows, dropped.
                // A 1xx has no body to frame (RFC 9110 §8.6), yet the JDK's HttpServer sends its 100 Continue
                // with Content-Length: 0, which h2 clients refuse (curl, nghttp2: PROTOCOL_ERROR).
                response.headers().remove(HttpHeaderNames.CONTENT_LENGTH).remove(HttpHeaderNames.TRANSFER_ENCODING);
                owner.writeToClient(new DefaultFullHttpResponse(response.protocolVersion(), response.status(),
                        Unpooled.EMPTY_BUFFER, response.headers(), EmptyHttpHeaders.INSTANCE));
                wrote = true;
                return;
            }
        }
        if (interim) {
            ReferenceCountUtil.release(msg); // the end of a 1xx, sent whole above
            return;
        }
        if (bodyTimer != null) {
            lastBodyPart = System.nanoTime();
        }
        if (msg instanceof LastHttpContent) {
            cancelBodyTimer();
            exchange = null;
            wrote = false;
            idleSince = System.nanoTime();
            owner.responseComplete(this, owner.writeLastToClient(msg), reusable);
        } else {
            owner.writeToClient(msg);
            wrote = true;
        }
    }

    /**
     * How long this connection may stay idle after the response: the worker's {@code Keep-Alive: timeout=N}
     * hint up to the pool's maximum, the pool's keep-alive time otherwise.
     */
    private long keepAliveMillis(HttpResponse response) {
        BackendOptions options = pool.options();
        String hint = response.headers().get(KEEP_ALIVE);
        if (hint != null) {
            int at = hint.indexOf("timeout=");
            if (at >= 0) {
                int end = at + 8;
                while (end < hint.length() && Character.isDigit(hint.charAt(end))) {
                    end++;
                }
                if (end > at + 8 && end - at - 8 < 10) {
                    return Math.min(Long.parseLong(hint.substring(at + 8, end)) * 1000, options.keepAliveMaxMillis());
                }
            }
        }
        return options.keepAliveTimeoutMillis();
    }

    /** Whether this idle connection has been idle longer than it may be. */
    boolean expired(long nowNanos) {
        return nowNanos - idleSince >= idleMillis * 1_000_000L;
    }

    /** A 101 goes to the client with its Upgrade; the exchange then turns both connections into a tunnel. */
    private void switchProtocols(ChannelHandlerContext ctx, AttachedExchange owner, HttpResponse response) {
        exchange = null;
        if (!response.headers().contains(HttpHeaderNames.UPGRADE) || !owner.switchProtocols(this, response)) {
            exchange = owner;
            ctx.close(); // a switch nobody asked for: the worker's connection is unusable now
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (wrote && exchange != null) {
            wrote = false;
            exchange.flushToClient();
            if (exchange.clientWritable()) {
                channel.read();
            } else {
                waitingForClient = true; // the client reads slower than the worker writes: wait for clientWritable()
            }
        }
        ctx.fireChannelReadComplete();
    }

    /** Called by the exchange's link when its client can take more of the response again. */
    public void clientWritable() {
        if (waitingForClient) {
            waitingForClient = false;
            lastBodyPart = System.nanoTime(); // the pause was the client's
            channel.read();
        }
    }

    private void startBodyTimer(ChannelHandlerContext ctx) {
        long millis = pool.options().bodyTimeoutMillis();
        if (millis > 0) {
            cancelBodyTimer();
            lastBodyPart = System.nanoTime();
            bodyTimer = ctx.executor().schedule(checkBody, millis, TimeUnit.MILLISECONDS);
        }
    }

    /** The body timer went off: closes the connection if the body paused too long, else waits for the rest. */
    private void checkBody() {
        bodyTimer = null;
        if (exchange == null || !channel.isActive()) {
            return;
        }
        long timeout = TimeUnit.MILLISECONDS.toNanos(pool.options().bodyTimeoutMillis());
        long now = System.nanoTime();
        if (waitingForClient) {
            lastBodyPart = now; // the client does not read: the worker is not the one pausing
        }
        long left = timeout - (now - lastBodyPart);
        if (left > 0) {
            bodyTimer = channel.eventLoop().schedule(checkBody, left, TimeUnit.NANOSECONDS);
        } else {
            channel.close(); // channelInactive tells the exchange, which cuts the client's response
        }
    }

    private void cancelBodyTimer() {
        if (bodyTimer != null) {
            bodyTimer.cancel(false);
            bodyTimer = null;
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        AttachedExchange owner = exchange;
        if (owner != null && ctx.channel().isWritable()) {
            owner.backendWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelBodyTimer();
        AttachedExchange owner = exchange;
        exchange = null;
        if (owner != null) {
            owner.backendFailed(this);
        } else {
            pool.remove(this);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent && exchange == null && expired(System.nanoTime())) {
            ctx.close();
        }
        ReferenceCountUtil.release(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
