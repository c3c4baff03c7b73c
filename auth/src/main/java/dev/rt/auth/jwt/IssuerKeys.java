package dev.rt.auth.jwt;

import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.CachingJWKSetSource;
import com.nimbusds.jose.jwk.source.JWKSetBasedJWKSource;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.ResourceRetriever;
import dev.rt.auth.settings.JwksSettings;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * One allowed issuer's keys: nimbus's cache of its key set ({@code ttl}), and rt's rule on top of it: a token naming
 * a key the cached set lacks may make nimbus fetch the set again at most once per {@code refreshInterval}; within
 * the interval it is refused without a fetch. Also tells whether a token's key is at hand, so that the check runs
 * on the caller's thread and only a fetch goes to the blocking executor. Hand-written because nimbus's own rate
 * limit allows two fetches per interval and counts the fetches a cache expiry needs. Counts the fetches that withdrew
 * a key (gone from the set, or changed under its {@code kid}): {@link VerifiedTokens} serves no token verified
 * before such a fetch.
 */
final class IssuerKeys {
    /** Whether a token can be checked now, must wait for a fetch, or names a key that may not be fetched yet. */
    enum Readiness { AT_HAND, FETCH, LIMITED }

    /**
     * A key set this close to nimbus's expiry of it is fetched off the caller's thread: nimbus dates its cache from
     * a moment a little before the fetch that this class sees.
     */
    private static final long EXPIRY_MARGIN_MILLIS = 1_000;

    private final JwksSettings settings;
    private final LongSupplier clock;
    private final JWKSource<SecurityContext> source;
    private final AtomicLong lastUnknownKeyFetch = new AtomicLong(Long.MIN_VALUE / 2);
    private final AtomicLong generation = new AtomicLong();
    private volatile JWKSet fetched;
    private volatile long fetchedAt;
    private volatile long initiatedAt;

    IssuerKeys(String issuer, JwksSettings settings, ResourceRetriever retriever, LongSupplier clock) {
        this.settings = settings;
        this.clock = clock;
        KeySetLocation location = new KeySetLocation(issuer, settings, retriever);
        CachingJWKSetSource<SecurityContext> cache = new CachingJWKSetSource<>(location, settings.ttl().toMillis(),
                settings.timeout().toMillis(), event -> {
                    if (event instanceof CachingJWKSetSource.RefreshInitiatedEvent) {
                        initiatedAt = clock.getAsLong();
                    } else if (event instanceof CachingJWKSetSource.RefreshCompletedEvent<SecurityContext> completed) {
                        JWKSet previous = fetched;
                        if (previous != null && !completed.getJWKSet().getKeys().containsAll(previous.getKeys())) {
                            generation.incrementAndGet();
                        }
                        fetchedAt = initiatedAt;
                        fetched = completed.getJWKSet();
                    }
                });
        this.source = new JWKSetBasedJWKSource<>(cache);
    }

    /** The keys for nimbus's key selector. */
    JWKSource<SecurityContext> source() {
        return source;
    }

    /** How many fetches withdrew a key so far; nimbus uses the new set before this counts it. */
    long generation() {
        return generation.get();
    }

    /** When the key set at hand is fetched again, in the clock's milliseconds. */
    long expiry() {
        return fetchedAt + settings.ttl().toMillis();
    }

    /** Whether a token with this header can be checked with the keys at hand; counts an allowed unknown-key fetch. */
    Readiness readiness(JWSHeader header) {
        JWKSet set = fetched;
        long now = clock.getAsLong();
        if (set == null || now - fetchedAt >= settings.ttl().toMillis() - EXPIRY_MARGIN_MILLIS) {
            return Readiness.FETCH;
        }
        if (!new JWKSelector(JWKMatcher.forJWSHeader(header)).select(set).isEmpty()) {
            return Readiness.AT_HAND;
        }
        long last = lastUnknownKeyFetch.get();
        if (now - last < settings.refreshInterval().toMillis() || !lastUnknownKeyFetch.compareAndSet(last, now)) {
            return Readiness.LIMITED;
        }
        return Readiness.FETCH;
    }
}
