package dev.rt.supervisor.cache;

import dev.rt.supervisor.log.RuntimeLog;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * A connection to Redis, the HTTP cache's store's or the rate limiter's ({@link Purpose}), through Lettuce on rt's
 * Netty (one I/O thread of its own, {@code rt-<purpose>-redis-*}): keys as UTF-8 text, values as bytes; a command answers within
 * {@link RedisAddress#TIMEOUT}, and one sent while the connection is down fails at once rather than waiting for it.
 * A connection that failed or was lost is opened again on use, at most once a second, rather than by Lettuce's
 * background reconnection: nothing is then in flight when the store closes (a reconnection racing the shutdown of
 * the event loop made Netty warn), and nothing retries while nobody asks.
 */
public final class RedisConnection implements AutoCloseable {
    static {
        // Lettuce picks epoll when io_uring is there too, and warns about it on every client; rt's one connection
        // to Redis has no use for io_uring: said once here instead (the user's own -D setting wins).
        if (System.getProperty("io.lettuce.core.iouring") == null) {
            System.setProperty("io.lettuce.core.iouring", "false");
        }
    }

    private static final RedisCodec<String, byte[]> CODEC = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** What the HTTP cache's store says: the cache's requests go on without it. */
    static final Purpose HTTP_CACHE = new Purpose("http-cache", "The HTTP cache's store", "httpCache.store",
            "requests go to their services until it answers");

    private final RedisAddress address;
    private final ClientResources resources;
    private final RedisClient client;
    private CompletableFuture<StatefulRedisConnection<String, byte[]>> connection;
    private long retryAt;
    private boolean closed;

    /**
     * Who uses a connection, for its threads' names and its messages.
     *
     * @param name      in the threads' names
     * @param subject   what cannot reach Redis, at the start of a sentence
     * @param setting   the setting that names the Redis
     * @param meanwhile what happens while Redis cannot be reached
     */
    public record Purpose(String name, String subject, String setting, String meanwhile) {
    }

    /** Redis answered the connection with a refusal (credentials, TLS): trying again will not help. */
    public static final class RefusedException extends Exception {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message);
        }
    }

    private RedisConnection(RedisAddress address, Purpose purpose) {
        this.address = address;
        this.resources = DefaultClientResources.builder().ioThreadPoolSize(1).computationThreadPoolSize(1)
                .threadFactoryProvider(pool -> new DefaultThreadFactory("rt-" + purpose.name() + "-redis-" + pool, true))
                .commandLatencyRecorder(CommandLatencyRecorder.disabled()).build();
        this.client = RedisClient.create(resources, address.uri());
        SslOptions.Builder tls = SslOptions.builder().jdkSslProvider().handshakeTimeout(RedisAddress.TIMEOUT);
        address.caCert().ifPresent(file -> tls.trustManager(file.toFile()));
        client.setOptions(ClientOptions.builder().autoReconnect(false)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build())
                .timeoutOptions(TimeoutOptions.enabled(RedisAddress.TIMEOUT)).sslOptions(tls.build()).build());
    }

    /**
     * Connects to Redis; one that cannot be reached now is tried again on use, with a warning.
     *
     * @throws RefusedException when Redis refuses the connection (its password, its certificate)
     */
    static RedisConnection open(RedisAddress address, RuntimeLog log) throws RefusedException {
        return open(address, log, HTTP_CACHE);
    }

    /** Like {@link #open(RedisAddress, RuntimeLog)}, for {@code purpose}. */
    public static RedisConnection open(RedisAddress address, RuntimeLog log, Purpose purpose) throws RefusedException {
        RedisConnection redis = new RedisConnection(address, purpose);
        try {
            redis.connection = CompletableFuture.completedFuture(redis.client.connect(CODEC, address.uri()));
        } catch (RedisConnectionException e) {
            if (refused(e)) {
                redis.close();
                throw new RefusedException(address.shown() + " refused the connection: " + StoreFailures.reason(e)
                        + (e.getCause() instanceof RedisCommandExecutionException
                                ? " (check the user and password in " + purpose.setting() + ")"
                                : " (check the server's certificate, and cacert in " + purpose.setting() + ")"));
            }
            redis.connection = CompletableFuture.failedFuture(e);
            redis.retryAt = System.nanoTime() + RETRY_NANOS;
            log.warn(purpose.subject() + " " + address.shown() + " cannot be reached: " + StoreFailures.reason(e)
                    + "; " + purpose.meanwhile());
        }
        return redis;
    }

    /** A refusal, as opposed to a server that could not be reached: Redis said no, or TLS failed. */
    private static boolean refused(Throwable error) {
        for (Throwable at = error; at != null; at = at.getCause()) {
            if (at instanceof RedisCommandExecutionException || at instanceof SSLException) {
                return true;
            }
        }
        return false;
    }

    /**
     * The commands; when the connection failed or was lost, a new attempt at one (at most once a second), and until it
     * is open, a failure at once.
     */
    public synchronized CompletionStage<RedisAsyncCommands<String, byte[]>> commands() {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the store is closed"));
        }
        boolean down = connection.isCompletedExceptionally() || connection.isDone() && !connection.join().isOpen();
        if (down && System.nanoTime() - retryAt >= 0) {
            retryAt = System.nanoTime() + RETRY_NANOS;
            connection.thenAccept(StatefulRedisConnection::closeAsync);
            connection = client.connectAsync(CODEC, address.uri()).toCompletableFuture();
        }
        if (!connection.isDone()) { // a request never waits for a connection being opened again
            return CompletableFuture.failedFuture(new IllegalStateException("connecting to Redis again"));
        }
        return connection.thenApply(StatefulRedisConnection::async);
    }

    /** Waits for a connection being opened (at most its timeouts), closes it, then Lettuce's threads. */
    @Override
    public void close() {
        CompletableFuture<StatefulRedisConnection<String, byte[]>> last;
        synchronized (this) {
            closed = true;
            last = connection;
        }
        if (last != null) {
            try {
                last.get(CONNECT_TIMEOUT.plus(RedisAddress.TIMEOUT).toMillis(), TimeUnit.MILLISECONDS).close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // never connected: nothing to close
            }
        }
        client.shutdown(0, 2, TimeUnit.SECONDS);
        resources.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
