package dev.rt.supervisor.cache;

import dev.rt.supervisor.proxy.exchange.ExchangeCache;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The cache's part in the exchange of one cacheable request: looks for a fresh variant that answers it, and, when
 * the worker answers instead and the response may be stored, copies the response as it streams to the client (up to
 * {@code maxEntrySize}: beyond it the copy is dropped and the rest streams through) and stores it at its end.
 */
final class CacheExchange implements ExchangeCache.Exchange {
    /** rt's admin-secret header ({@code dev.rt.auth.User.ADMIN_SECRET}; the supervisor does not depend on auth). */
    private static final String ADMIN_SECRET = "x-rt-admin-secret";
    private final HttpCache cache;
    private final HttpRequest request;
    private final CacheKey key;
    private final CacheControl requestControl;
    private final boolean acceptsStored;
    private final boolean mayStore;
    private PendingEntry pending;

    CacheExchange(HttpCache cache, HttpRequest request, CacheKey key, CacheControl requestControl) {
        this.cache = cache;
        this.request = request;
        this.key = key;
        this.requestControl = requestControl;
        this.acceptsStored = Freshness.requestAcceptsStored(request, requestControl);
        this.mayStore = Freshness.requestAllowsStoring(requestControl);
    }

    @Override
    public Optional<CompletionStage<Optional<FullHttpResponse>>> lookup() {
        if (!acceptsStored) {
            cache.counters().misses.increment();
            return Optional.empty();
        }
        return Optional.of(cache.store().get(key).thenApply(variants -> {
            long now = System.currentTimeMillis();
            for (StoredResponse stored : variants) {
                if (matches(stored) && Freshness.answers(stored, requestControl, now)) {
                    cache.counters().hits.increment();
                    return Optional.of(toResponse(stored, now));
                }
            }
            cache.counters().misses.increment();
            return Optional.empty();
        }));
    }

    @Override
    public void responseHead(HttpResponse response) {
        if (!mayStore) {
            return;
        }
        long now = System.currentTimeMillis();
        // The admin secret (with the role and user it may impersonate) is a credential as Authorization is: the
        // answer is that caller's, never stored for the next one unless the service marks it public.
        boolean authorized = request.headers().contains(HttpHeaderNames.AUTHORIZATION)
                || request.headers().contains(ADMIN_SECRET);
        OptionalLong lifetime = Freshness.lifetime(response, authorized, cache.cacheByDefault(), now);
        if (lifetime.isEmpty()) {
            return;
        }
        long length = HttpUtil.getContentLength(response, -1L);
        if (length > cache.limits().maxEntrySize()) {
            cache.counters().tooLarge.increment();
            return;
        }
        String id = UUID.randomUUID().toString();
        response.headers().set(HttpCache.ID_HEADER, id);
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        response.headers().forEach(header -> headers.add(Map.entry(header.getKey(), header.getValue())));
        pending = new PendingEntry(id, response.status().code(), headers, vary(response), tags(response), now,
                Freshness.initialAge(response, now), lifetime.getAsLong());
    }

    @Override
    public void responseBody(HttpContent content) {
        PendingEntry entry = pending;
        if (entry == null) {
            return;
        }
        int readable = content.content().readableBytes();
        if (entry.body.size() + (long) readable > cache.limits().maxEntrySize()) {
            cache.counters().tooLarge.increment();
            pending = null;
            return;
        }
        entry.body.writeBytes(ByteBufUtil.getBytes(content.content()));
        if (content instanceof LastHttpContent last) {
            pending = null;
            if (last.trailingHeaders().isEmpty()) {
                cache.store().put(key, entry.toStored());
                cache.counters().stored.increment();
            }
        }
    }

    @Override
    public void abandon() {
        pending = null;
    }

    private boolean matches(StoredResponse stored) {
        return stored.vary().entrySet().stream().allMatch(e -> e.getValue().equals(requestValue(e.getKey())));
    }

    private String requestValue(String name) {
        return String.join(", ", request.headers().getAll(name));
    }

    private Map<String, String> vary(HttpResponse response) {
        Map<String, String> vary = new HashMap<>();
        for (String header : response.headers().getAll(HttpHeaderNames.VARY)) {
            for (String name : header.split(",")) {
                String normal = name.strip().toLowerCase(Locale.ROOT);
                if (!normal.isEmpty()) {
                    vary.put(normal, requestValue(normal));
                }
            }
        }
        return vary;
    }

    private Set<String> tags(HttpResponse response) {
        Set<String> tags = new LinkedHashSet<>();
        cache.tagsHeader().ifPresent(name -> response.headers().getAll(name).forEach(value -> {
            for (String tag : value.split(",")) {
                if (!tag.isBlank()) {
                    tags.add(tag.strip());
                }
            }
        }));
        return tags;
    }

    private FullHttpResponse toResponse(StoredResponse stored, long now) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(stored.status()), Unpooled.wrappedBuffer(stored.body()));
        stored.headers().forEach(header -> response.headers().add(header.getKey(), header.getValue()));
        response.headers().set(HttpHeaderNames.AGE, stored.ageAt(now));
        if (!"HEAD".equals(key.method()) && stored.status() != 204) {
            response.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH, stored.body().length);
        }
        return response;
    }

    /** A response being copied, stored once it is whole. */
    private static final class PendingEntry {
        final String id;
        final int status;
        final List<Map.Entry<String, String>> headers;
        final Map<String, String> vary;
        final Set<String> tags;
        final long storedAt;
        final long initialAge;
        final long lifetime;
        final ByteArrayOutputStream body = new ByteArrayOutputStream();

        PendingEntry(String id, int status, List<Map.Entry<String, String>> headers, Map<String, String> vary,
                Set<String> tags, long storedAt, long initialAge, long lifetime) {
            this.id = id;
            this.status = status;
            this.headers = headers;
            this.vary = vary;
            this.tags = tags;
            this.storedAt = storedAt;
            this.initialAge = initialAge;
            this.lifetime = lifetime;
        }

        StoredResponse toStored() {
            return new StoredResponse(id, status, headers, body.toByteArray(), vary, tags, storedAt, initialAge, lifetime);
        }
    }
}
