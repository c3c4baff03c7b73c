package dev.rt.supervisor.proxy.exchange;

import java.util.Optional;

/**
 * What a proxy server does around each exchange beside forwarding it: tracing, and (in the mesh) the HTTP cache.
 * Without either the exchange takes the same path as before either existed, a null check aside.
 */
public final class ExchangeHooks {
    public static final ExchangeHooks NONE = new ExchangeHooks(null, null);

    final ExchangeTracing tracing;
    final ExchangeCache cache;

    private ExchangeHooks(ExchangeTracing tracing, ExchangeCache cache) {
        this.tracing = tracing;
        this.cache = cache;
    }

    public static ExchangeHooks of(Optional<ExchangeTracing> tracing, Optional<ExchangeCache> cache) {
        return tracing.isEmpty() && cache.isEmpty() ? NONE : new ExchangeHooks(tracing.orElse(null), cache.orElse(null));
    }
}
