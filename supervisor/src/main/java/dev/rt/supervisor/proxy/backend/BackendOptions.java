package dev.rt.supervisor.proxy.backend;

import dev.rt.config.UndiciConfig;
import java.time.Duration;

/**
 * How a proxy keeps its connections to workers: for the mesh, from the runtime's {@code undici} section (the
 * options of the HTTP client agent workers call each other through); for the entrypoint, the defaults.
 *
 * @param keepAliveTimeoutMillis how long an idle connection stays in the pool ({@code keepAliveTimeout})
 * @param keepAliveMaxMillis     the most a worker's {@code Keep-Alive: timeout=N} hint may extend that
 *                               ({@code keepAliveMaxTimeout})
 * @param maxConnections         most connections open at once to one worker ({@code connections}); a
 *                               request that finds them all busy waits for one (within serviceTimeout)
 * @param connectTimeoutMillis   how long a connection attempt may take ({@code connectTimeout})
 * @param headersTimeoutMillis   how long the response head may take once the whole request went to the worker
 *                               ({@code headersTimeout}); 0 for no limit but {@code serviceTimeout}
 * @param bodyTimeoutMillis      how long the response body may pause between two of its parts while the caller
 *                               reads on ({@code bodyTimeout}); 0 for no limit
 */
public record BackendOptions(long keepAliveTimeoutMillis, long keepAliveMaxMillis, int maxConnections,
        long connectTimeoutMillis, long headersTimeoutMillis, long bodyTimeoutMillis) {

    public static final BackendOptions DEFAULTS = new BackendOptions(60_000, 600_000, Integer.MAX_VALUE, 10_000);

    public BackendOptions {
        if (keepAliveTimeoutMillis < 1 || keepAliveMaxMillis < 1 || maxConnections < 1 || connectTimeoutMillis < 1) {
            throw new IllegalArgumentException("backend options must be positive");
        }
        if (headersTimeoutMillis < 0 || bodyTimeoutMillis < 0) {
            throw new IllegalArgumentException("timeouts must not be negative");
        }
    }

    /** Options without a headers or a body timeout. */
    public BackendOptions(long keepAliveTimeoutMillis, long keepAliveMaxMillis, int maxConnections,
            long connectTimeoutMillis) {
        this(keepAliveTimeoutMillis, keepAliveMaxMillis, maxConnections, connectTimeoutMillis, 0, 0);
    }

    /** The {@code undici} agent options; what is not given keeps the default (no headers or body timeout). */
    public static BackendOptions from(UndiciConfig undici) {
        return new BackendOptions(
                undici.keepAliveTimeout().map(Duration::toMillis).filter(m -> m > 0).orElse(DEFAULTS.keepAliveTimeoutMillis),
                undici.keepAliveMaxTimeout().map(Duration::toMillis).filter(m -> m > 0).orElse(DEFAULTS.keepAliveMaxMillis),
                undici.connections().orElse(DEFAULTS.maxConnections),
                undici.connectTimeout().map(Duration::toMillis).filter(m -> m > 0).orElse(DEFAULTS.connectTimeoutMillis),
                undici.headersTimeout().map(Duration::toMillis).orElse(0L),
                undici.bodyTimeout().map(Duration::toMillis).orElse(0L));
    }
}
