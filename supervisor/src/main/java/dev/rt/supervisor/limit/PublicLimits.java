package dev.rt.supervisor.limit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.cache.RedisAddress;
import dev.rt.supervisor.cache.RedisConnection;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.policy.AbuseLimits;
import io.netty.channel.ChannelPipeline;
import java.util.Optional;

/**
 * The limits of a public server, from the runtime's {@code server}: {@code rateLimit} and
 * {@code maxConnectionsPerAddress}. A server calls {@link #addConnectionStage} on each new client connection and
 * {@link #addRequestStage} on each request pipeline (HTTP/1 connection or h2 stream) right after its HTTP codec,
 * and closes it once it stops. Without either setting it adds nothing.
 */
public final class PublicLimits implements AbuseLimits, AutoCloseable {
    /** No limits: the stages add nothing. */
    public static final PublicLimits NONE = new PublicLimits(Optional.empty(), Optional.empty(), Optional.empty());
    /** The name of the request stage, which a tunnel removes with the HTTP codec. */
    public static final String RATE_LIMIT = AbuseLimits.RATE_LIMIT;
    /** The name of the connection stage, which leaves the pipeline once the connection is counted. */
    public static final String CONNECTION_CAP = "connection-cap";

    static final RedisConnection.Purpose PURPOSE = new RedisConnection.Purpose("rate-limit",
            "The rate limit's store", "server.rateLimit.redis (or httpCache.store)",
            "requests are let through uncounted until it answers");

    private final Optional<RateLimiter> limiter;
    private final Optional<RateStore> store;
    private final Optional<ConnectionCap> cap;

    private PublicLimits(Optional<RateLimiter> limiter, Optional<RateStore> store, Optional<ConnectionCap> cap) {
        this.limiter = limiter;
        this.store = store;
        this.cap = cap;
    }

    /**
     * The limits of {@code config}'s public server; the counts in Redis when {@code rateLimit.redis}, or else the
     * HTTP cache's {@code store}, names one; in memory otherwise.
     *
     * @throws RtException {@code RT_CONFIG_INVALID} naming the file and the JSON pointer of a setting rt cannot honour
     */
    public static PublicLimits of(RuntimeConfig config, RuntimeLog log) {
        JsonNode server = config.settings().path("server");
        int perAddress = server.path("maxConnectionsPerAddress").asInt(0);
        Optional<ConnectionCap> cap = perAddress > 0 ? Optional.of(new ConnectionCap(perAddress)) : Optional.empty();
        Optional<RateLimitSettings> settings;
        try {
            settings = RateLimitSettings.from(server.path("rateLimit"));
        } catch (IllegalArgumentException e) {
            throw new RtException(ErrorCode.CONFIG_INVALID, config.file() + ": " + e.getMessage());
        }
        if (settings.isEmpty()) {
            return cap.isEmpty() ? NONE : new PublicLimits(Optional.empty(), Optional.empty(), cap);
        }
        RateLimitSettings limits = settings.get();
        Optional<ClaimKey> claims = limits.keyClaim().map(claim -> EntrypointCredentials.claim(config, claim));
        RateStore store = store(config, limits, log);
        FailureLog failures = new FailureLog(log);
        return new PublicLimits(Optional.of(new RateLimiter(limits, store, claims, failures)), Optional.of(store), cap);
    }

    private static RateStore store(RuntimeConfig config, RateLimitSettings limits, RuntimeLog log) {
        Optional<String> url = limits.redis().or(() -> config.sections().httpCache().store()
                .map(String::strip).filter(RedisAddress::names));
        if (url.isEmpty()) {
            return new MemoryRateStore(limits.maxKeys(), limits.windowMillis(), System::nanoTime);
        }
        String pointer = limits.redis().isPresent() ? RateLimitSettings.POINTER + "/redis" : "/httpCache/store";
        try {
            return new RedisRateStore(RedisConnection.open(RedisAddress.parse(url.get(), config.root()), log, PURPOSE));
        } catch (IllegalArgumentException | RedisConnection.RefusedException e) {
            throw new RtException(ErrorCode.CONFIG_INVALID, config.file() + ": " + pointer
                    + ": cannot count the rate limit in Redis: " + e.getMessage());
        }
    }

    /** Adds the per-address connection cap, first of all, when {@code maxConnectionsPerAddress} is set. */
    @Override
    public void addConnectionStage(ChannelPipeline pipeline) {
        cap.ifPresent(handler -> pipeline.addFirst(CONNECTION_CAP, handler));
    }

    /** Adds the rate limit after the HTTP codec (the last stage so far), when {@code rateLimit} is set. */
    @Override
    public void addRequestStage(ChannelPipeline pipeline) {
        limiter.ifPresent(rate -> pipeline.addLast(RATE_LIMIT, new RateLimitHandler(rate)));
    }

    /** Closes the store (its Redis connection). */
    @Override
    public void close() {
        store.ifPresent(RateStore::close);
    }
}
