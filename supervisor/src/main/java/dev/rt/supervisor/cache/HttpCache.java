package dev.rt.supervisor.cache;

import dev.rt.config.HttpCacheConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.exchange.ExchangeCache;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;

/**
 * The HTTP cache of the mesh, from {@code httpCache}: it answers the requests of the configured {@code methods} to
 * the cached origins from its {@link CacheStore} while their stored response is fresh, stores what the workers
 * answer when RFC 9111 lets a shared cache store it, and forgets a URL once an unsafe method succeeded on it.
 * Entries are also removed by key or by tag ({@link #invalidate}).
 */
public final class HttpCache implements ExchangeCache, AutoCloseable {
    /** The header every response the cache stores carries, with its id. */
    public static final String ID_HEADER = "x-rt-http-cache-id";
    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    private final CacheStore store;
    private final CacheLimits limits;
    private final List<String> methods;
    private final CachedOrigins origins;
    private final OptionalLong cacheByDefault;
    private final Optional<String> tagsHeader;
    private final CacheCounters counters;

    HttpCache(HttpCacheConfig config, CacheStore store, CacheCounters counters) {
        this.store = store;
        this.counters = counters;
        this.limits = CacheLimits.of(config);
        this.methods = config.methods().stream().map(m -> m.toUpperCase(Locale.ROOT)).toList();
        this.origins = new CachedOrigins(config.origins());
        this.cacheByDefault = config.cacheByDefault();
        this.tagsHeader = config.cacheTagsHeader();
    }

    /**
     * The cache of {@code config}, or empty when {@code httpCache} is off.
     *
     * @param root the configuration's directory, which a store's jar path (or a Redis's {@code cacert}) is resolved
     *             against
     * @param log  where the failures of the store are said, at most once every {@link StoreFailures#INTERVAL}
     * @throws dev.rt.config.error.RtException when the configured store cannot be loaded, or Redis refuses it
     */
    public static Optional<HttpCache> of(HttpCacheConfig config, Path root, RuntimeLog log) {
        if (!config.enabled()) {
            return Optional.empty();
        }
        CacheCounters counters = new CacheCounters();
        return Optional.of(new HttpCache(config, StoreLoader.load(config, root, counters.storeErrors, log), counters));
    }

    @Override
    public Exchange begin(HttpRequest request, String origin) {
        if (!origins.contains(origin)) {
            return Exchange.BYPASS;
        }
        String method = request.method().name();
        String path = CacheKey.pathOf(request.uri());
        if (!SAFE.contains(method)) {
            return new Invalidation(origin, path);
        }
        if (!methods.contains(method)) {
            return Exchange.BYPASS;
        }
        CacheControl control = CacheControl.of(request.headers());
        if (!Freshness.requestAllowsStoring(control) && !Freshness.requestAcceptsStored(request, control)) {
            return Exchange.BYPASS;
        }
        return new CacheExchange(this, request, new CacheKey(CachedOrigins.normal(origin), path, method), control);
    }

    /**
     * Removes the responses of {@code keys} (a key without a method stands for every cached method) and those
     * carrying one of {@code tags} (trimmed; blank ones ignored).
     */
    public void invalidate(Collection<CacheKey> keys, Collection<String> tags) {
        if (!keys.isEmpty()) {
            store.delete(keys);
        }
        Set<String> trimmed = tags.stream().map(String::strip).filter(t -> !t.isEmpty()).collect(Collectors.toSet());
        if (!trimmed.isEmpty()) {
            store.deleteTags(trimmed);
        }
    }

    /** The keys of {@code path} at {@code origin}, one per cached method. */
    public List<CacheKey> keysOf(String origin, String path) {
        List<CacheKey> keys = new ArrayList<>();
        methods.forEach(method -> keys.add(new CacheKey(CachedOrigins.normal(origin), path, method)));
        return keys;
    }

    /** The cache's metrics, for the supervisor's registry. */
    public io.prometheus.metrics.model.registry.MultiCollector metrics() {
        return new CacheMetrics(this);
    }

    public CacheCounters counters() {
        return counters;
    }

    /** Responses and bytes stored now (-1 each when the store cannot tell). */
    public CacheStore.Usage usage() {
        return store.usage();
    }

    CacheStore store() {
        return store;
    }

    CacheLimits limits() {
        return limits;
    }

    OptionalLong cacheByDefault() {
        return cacheByDefault;
    }

    Optional<String> tagsHeader() {
        return tagsHeader;
    }

    @Override
    public void close() {
        try {
            store.close();
        } catch (Exception e) {
            // closing regardless
        }
    }

    /**
     * An unsafe method on a cached origin: once its response is not an error, the URL (and the same-origin
     * {@code Location} and {@code Content-Location} it names) is forgotten.
     */
    private final class Invalidation implements Exchange {
        private final String origin;
        private final String path;

        Invalidation(String origin, String path) {
            this.origin = origin;
            this.path = path;
        }

        @Override
        public Optional<CompletionStage<Optional<FullHttpResponse>>> lookup() {
            return Optional.empty();
        }

        @Override
        public void responseHead(HttpResponse response) {
            if (response.status().code() >= 400) {
                return;
            }
            List<CacheKey> keys = new ArrayList<>(keysOf(origin, path));
            for (CharSequence header : List.of(HttpHeaderNames.LOCATION, HttpHeaderNames.CONTENT_LOCATION)) {
                String named = response.headers().get(header);
                if (named != null && (named.startsWith("/") || CachedOrigins.normal(named).startsWith(
                        CachedOrigins.normal(origin) + "/"))) {
                    keys.addAll(keysOf(origin, CacheKey.pathOf(named)));
                }
            }
            store.delete(keys);
        }

        @Override
        public void responseBody(HttpContent content) {
        }

        @Override
        public void abandon() {
        }
    }
}
