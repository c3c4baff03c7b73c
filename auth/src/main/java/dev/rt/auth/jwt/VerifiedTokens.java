package dev.rt.auth.jwt;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.util.DateUtils;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Tokens an issuer's keys verified, so that the next request with the same token skips parsing it and checking its
 * signature (an RS256 check was most of what authorization cost a db route). Caffeine holds them, bounded by the
 * characters of the tokens kept, evicting on the caller's thread.
 *
 * <p>Why serving a token from here is as safe as verifying it again:
 * <ul>
 * <li>the key is the SHA-256 digest of the whole token, signature included: a token that differs in any character
 * (another signature over the same claims, say) is another key, and is verified; a second preimage of SHA-256 is
 * out of reach. A digest, not the token, so a full cache holds 32 bytes a key whatever the tokens' length;</li>
 * <li>only a token that nimbus verified (signature, algorithm, issuer, audience, {@code exp}, {@code nbf}) is kept; a
 * refusal is never kept, so a refused token is verified, and refused, every time;</li>
 * <li>every hit checks {@code exp} and {@code nbf} again against the clock with the configured skew, with nimbus's
 * own predicates; an entry also lapses at {@code exp} plus the skew;</li>
 * <li>an entry never outlives the key set that verified it (its {@code ttl}, after which the set is fetched again),
 * and when a fetch finds a key of the issuer withdrawn or changed, every token that issuer's keys verified before is
 * verified again: a rotated-away key stops being honoured as soon as rt sees the rotation, as without this cache;</li>
 * <li>the claims served are frozen (maps and lists that cannot be changed), so no request changes another's user.</li>
 * </ul>
 */
final class VerifiedTokens {
    /** The characters of tokens kept at most: about 4,000 tokens of a typical 1 KB, or 512 of the longest read. */
    static final long MAX_CHARACTERS = 4L << 20;

    /** A verified token: its claims, the issuer's keys and their generation then, and when it stops holding. */
    private record Verified(Map<String, Object> claims, IssuerKeys keys, long generation, Date notBefore,
            Date expires, long until, int weight) {
    }

    private final Cache<ByteBuffer, Verified> verified;
    private final LongSupplier clock;
    private final long skewSeconds;

    /**
     * @param maxCharacters the characters of tokens kept at most
     * @param skewSeconds   the clock skew allowed on {@code exp} and {@code nbf}, as the claims check allows it
     * @param clock         milliseconds since the epoch, the claims check's clock
     */
    VerifiedTokens(long maxCharacters, long skewSeconds, LongSupplier clock) {
        this.clock = clock;
        this.skewSeconds = skewSeconds;
        this.verified = Caffeine.newBuilder()
                .executor(Runnable::run)
                .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.getAsLong()))
                .maximumWeight(maxCharacters)
                .<ByteBuffer, Verified>weigher((key, entry) -> entry.weight())
                .expireAfter(Expiry.<ByteBuffer, Verified>writing((key, entry) ->
                        Duration.ofMillis(Math.max(0, entry.until() - clock.getAsLong()))))
                .build();
    }

    /** The cache key of a token: the SHA-256 digest of all its characters. */
    static ByteBuffer key(String token) {
        try {
            return ByteBuffer.wrap(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)))
                    .asReadOnlyBuffer();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The claims of the token with this key if it was verified and still holds now; else {@code null}. */
    Map<String, Object> find(ByteBuffer key) {
        Verified entry = verified.getIfPresent(key);
        if (entry == null) {
            return null;
        }
        long millis = clock.getAsLong();
        Date now = new Date(millis);
        boolean holds = millis < entry.until() && entry.keys().generation() == entry.generation()
                && (entry.expires() == null || DateUtils.isAfter(entry.expires(), now, skewSeconds))
                && (entry.notBefore() == null || DateUtils.isBefore(entry.notBefore(), now, skewSeconds));
        if (!holds) {
            verified.asMap().remove(key, entry);
            return null;
        }
        return entry.claims();
    }

    /**
     * Keeps a token the keys verified and answers its claims, frozen.
     *
     * @param generation the keys' generation read before the verification began
     */
    Map<String, Object> keep(ByteBuffer key, String token, JWTClaimsSet claims, IssuerKeys keys, long generation) {
        Map<String, Object> frozen = frozen(claims.toJSONObject());
        long until = keys.expiry();
        Date expires = claims.getExpirationTime();
        if (expires != null) {
            until = Math.min(until, expires.getTime() + TimeUnit.SECONDS.toMillis(skewSeconds));
        }
        if (until > clock.getAsLong() && keys.generation() == generation) {
            verified.put(key, new Verified(frozen, keys, generation, claims.getNotBeforeTime(), expires, until,
                    token.length()));
        }
        return frozen;
    }

    /** The characters of the tokens kept now, after pending evictions. */
    long weight() {
        verified.cleanUp();
        return verified.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static <T> T frozen(T value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((name, item) -> copy.put(name, frozen(item)));
            return (T) Collections.unmodifiableMap(copy);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(item -> copy.add(frozen(item)));
            return (T) Collections.unmodifiableList(copy);
        }
        return value;
    }
}
