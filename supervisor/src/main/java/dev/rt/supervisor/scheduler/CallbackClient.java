package dev.rt.supervisor.scheduler;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.pool.AbstractChannelPoolHandler;
import io.netty.channel.pool.ChannelHealthChecker;
import io.netty.channel.pool.FixedChannelPool;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;

/**
 * The scheduler's HTTP/1.1 client, on the supervisor's Netty event loops: no thread waits for an answer. Keep-alive
 * connections are pooled per {@link CallbackTarget.Address}, at most {@link #MAX_CONNECTIONS} to one address; calls
 * beyond that wait for a connection to come back. Once {@linkplain #close closed}, calls in progress fail with
 * {@link Abandoned}.
 */
final class CallbackClient implements AutoCloseable {
    /** Connections to one address: a thousand jobs due at once go out this many at a time. */
    static final int MAX_CONNECTIONS = 128;
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final long CLOSE_WAIT_MILLIS = 1_000;

    private final Bootstrap bootstrap;
    private final long timeoutMillis;
    private final Map<CallbackTarget.Address, FixedChannelPool> pools = new ConcurrentHashMap<>();
    private final Set<Channel> open = ConcurrentHashMap.newKeySet();
    private volatile SslContext tls;
    private volatile boolean closed;

    /** A call ended by the scheduler's shutdown, its grace over. */
    static final class Abandoned extends IOException {
        Abandoned() {
            super("the scheduler shut down", null);
        }
    }

    CallbackClient(EventLoopGroup loops, Class<? extends Channel> channelClass, Duration timeout) {
        this.bootstrap = new Bootstrap().group(loops).channel(channelClass).option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MILLIS);
        this.timeoutMillis = timeout.toMillis();
    }

    /** Writes {@code request} to {@code address}; the answer is its status. */
    CompletableFuture<Integer> send(CallbackTarget.Address address, FullHttpRequest request) {
        CompletableFuture<Integer> answer = new CompletableFuture<>();
        if (closed) {
            request.release();
            answer.completeExceptionally(new Abandoned());
            return answer;
        }
        FixedChannelPool pool = pools.computeIfAbsent(address, this::pool);
        pool.acquire().addListener((io.netty.util.concurrent.Future<Channel> acquired) -> {
            if (!acquired.isSuccess()) {
                request.release();
                answer.completeExceptionally(closed ? new Abandoned() : connectFailure(acquired.cause()));
                return;
            }
            Channel channel = acquired.getNow();
            channel.eventLoop().execute(() -> {
                CallbackExchange exchange = channel.pipeline().get(CallbackExchange.class);
                exchange.begin(answer, timeoutMillis, () -> pool.release(channel));
                channel.writeAndFlush(request).addListener(written -> {
                    if (!written.isSuccess()) {
                        exchange.fail(written.cause());
                    }
                });
            });
        });
        if (closed) {
            answer.completeExceptionally(new Abandoned()); // closed meanwhile: the pool may not have seen it
        }
        return answer;
    }

    private FixedChannelPool pool(CallbackTarget.Address address) {
        Bootstrap connect = bootstrap.clone().remoteAddress(InetSocketAddress.createUnresolved(address.host(),
                address.port()));
        return new FixedChannelPool(connect, new AbstractChannelPoolHandler() {
            @Override
            public void channelCreated(Channel channel) throws SSLException {
                if (address.tls()) {
                    channel.pipeline().addLast(new SslHandler(engine(channel, address)));
                }
                channel.pipeline().addLast(new HttpClientCodec(), new CallbackExchange());
                open.add(channel);
                channel.closeFuture().addListener(closing -> open.remove(channel));
                if (closed) {
                    channel.close();
                }
            }
        }, ChannelHealthChecker.ACTIVE, null, -1, MAX_CONNECTIONS, Integer.MAX_VALUE, true, true);
    }

    /** A TLS engine that checks the server's certificate and name, as the JDK's own HTTP client does. */
    private SSLEngine engine(Channel channel, CallbackTarget.Address address) throws SSLException {
        SslContext context = tls;
        if (context == null) {
            synchronized (this) {
                if (tls == null) {
                    tls = SslContextBuilder.forClient().build();
                }
                context = tls;
            }
        }
        SSLEngine engine = context.newEngine(channel.alloc(), address.host(), address.port());
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        engine.setSSLParameters(parameters);
        return engine;
    }

    private static Throwable connectFailure(Throwable cause) {
        if (cause instanceof ConnectException) { // Netty's subclass names itself "AnnotatedConnectException"
            ConnectException plain = new ConnectException(cause.getMessage());
            plain.initCause(cause);
            return plain;
        }
        return cause;
    }

    /** Whether the client has closed: a call that failed since then was abandoned. */
    boolean closed() {
        return closed;
    }

    /** Closes every connection: the calls still waiting for an answer fail. */
    @Override
    public void close() {
        closed = true;
        for (FixedChannelPool pool : pools.values()) {
            pool.closeAsync();
        }
        for (Channel channel : open) {
            try {
                channel.eventLoop().submit(() -> {
                    CallbackExchange exchange = channel.pipeline().get(CallbackExchange.class);
                    if (exchange != null) {
                        exchange.fail(new Abandoned()); // its run ends now, and says so
                    }
                    channel.close();
                }).awaitUninterruptibly(CLOSE_WAIT_MILLIS);
            } catch (RejectedExecutionException stopped) {
                channel.close(); // the event loops are stopping, and close their channels themselves
            }
        }
    }
}
