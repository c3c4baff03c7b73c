package dev.rt.protocol;

import java.util.Objects;

/** The answer to the {@link CacheInvalidation} {@code id}: {@code error} is empty when it was done. */
public record CacheInvalidated(long id, String error) implements Message {
    public CacheInvalidated {
        Objects.requireNonNull(error, "error");
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.cacheInvalidated(this);
    }
}
