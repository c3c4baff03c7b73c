package dev.rt.protocol;

import java.util.List;
import java.util.Objects;

/**
 * A worker asks the supervisor to remove responses from the runtime's HTTP cache: those of {@code keys} and those
 * tagged with one of {@code tags}. The supervisor answers with a {@link CacheInvalidated} of the same id.
 */
public record CacheInvalidation(long id, List<Key> keys, List<String> tags) implements Message {
    public CacheInvalidation {
        keys = List.copyOf(keys);
        tags = List.copyOf(tags);
    }

    /**
     * A cached URL: {@code origin} ({@code http://<id>.rt.local}) and {@code path} (with its query); {@code method}
     * empty stands for every cached method.
     */
    public record Key(String origin, String path, String method) {
        public Key {
            Objects.requireNonNull(origin, "origin");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(method, "method");
        }
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.cacheInvalidation(this);
    }
}
