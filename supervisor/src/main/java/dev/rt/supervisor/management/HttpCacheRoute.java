package dev.rt.supervisor.management;

import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.cache.InvalidationRequest;

/**
 * {@code POST /http-cache/invalidate} with {@code {"keys": [{"origin", "path", "method"?}], "tags": [...]}}: removes
 * the responses of those keys (every cached method when a key names none) and those carrying one of the tags.
 * A body that is not of that shape (a key without its origin or path, say) is a 400 saying what is wrong
 * ({@link InvalidationRequest}, which the mesh's {@code http://rt.local/http-cache/invalidate} reads too).
 */
final class HttpCacheRoute {

    private HttpCacheRoute() {
    }

    static ApiResponse invalidate(ManagedRuntime runtime, ApiRequest request) {
        HttpCache cache = runtime.httpCache().orElseThrow(() -> new ApiError(400, "RT_HTTP_CACHE_DISABLED",
                "The runtime has no HTTP cache (httpCache is not configured)"));
        InvalidationRequest invalidation;
        try {
            invalidation = InvalidationRequest.parse(request.body(), cache);
        } catch (InvalidationRequest.Invalid e) {
            throw new ApiError(400, "RT_HTTP_CACHE_INVALID_INVALIDATION", "Invalid cache invalidation: " + e.getMessage());
        }
        invalidation.applyTo(cache);
        return ApiResponse.empty();
    }
}
