package dev.rt.supervisor.worker;

import dev.rt.protocol.CacheInvalidation;

/** What removes responses from the runtime's HTTP cache when a worker asks ({@link CacheInvalidation}). */
public interface CacheInvalidations {
    /** A runtime without an HTTP cache. */
    CacheInvalidations NONE = request -> "the runtime has no HTTP cache (httpCache is not configured)";

    /** Removes what {@code request} names; returns why it could not, or an empty string when it did. */
    String invalidate(CacheInvalidation request);
}
