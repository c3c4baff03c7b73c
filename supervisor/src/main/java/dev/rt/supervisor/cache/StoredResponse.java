package dev.rt.supervisor.cache;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One stored response: one variant of a {@link CacheKey}.
 *
 * @param id          its {@code x-rt-http-cache-id}
 * @param headers     the response headers as the worker sent them (hop-by-hop headers already gone), in order
 * @param body        the whole body (empty for HEAD)
 * @param vary        the request headers its {@code Vary} names (lower case) and the values the request that
 *                    stored it had (absent: the empty string)
 * @param tags        the tags of its {@code cacheTagsHeader}
 * @param storedAt    when it was received, in epoch milliseconds
 * @param initialAge  its age when received, in seconds ({@code Age}, and the time since its {@code Date})
 * @param lifetime    how long it stays fresh, in seconds
 */
public record StoredResponse(String id, int status, List<Map.Entry<String, String>> headers, byte[] body,
        Map<String, String> vary, Set<String> tags, long storedAt, long initialAge, long lifetime) {

    public StoredResponse {
        Objects.requireNonNull(id, "id");
        headers = List.copyOf(headers);
        Objects.requireNonNull(body, "body");
        vary = Map.copyOf(vary);
        tags = Set.copyOf(tags);
    }

    /** Its age at {@code now} (epoch milliseconds), in seconds. */
    public long ageAt(long now) {
        return initialAge + Math.max(0, now - storedAt) / 1000;
    }

    /** Whether it is still fresh at {@code now}. */
    public boolean freshAt(long now) {
        return lifetime > ageAt(now);
    }

    /** Roughly the memory it takes, in bytes: its body and headers. */
    public long weight() {
        long weight = body.length + 64;
        for (Map.Entry<String, String> header : headers) {
            weight += header.getKey().length() + header.getValue().length() + 4;
        }
        return weight;
    }
}
