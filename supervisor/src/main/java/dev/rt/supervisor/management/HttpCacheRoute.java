package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.supervisor.cache.CacheKey;
import dev.rt.supervisor.cache.HttpCache;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code POST /http-cache/invalidate} with {@code {"keys": [{"origin", "path", "method"?}], "tags": [...]}}: removes
 * the responses of those keys (every cached method when a key names none) and those carrying one of the tags.
 * A body that is not of that shape (a key without its origin or path, say) is a 400 saying what is wrong.
 */
final class HttpCacheRoute {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HttpCacheRoute() {
    }

    static ApiResponse invalidate(ManagedRuntime runtime, ApiRequest request) {
        HttpCache cache = runtime.httpCache().orElseThrow(() -> new ApiError(400, "RT_HTTP_CACHE_DISABLED",
                "The runtime has no HTTP cache (httpCache is not configured)"));
        JsonNode body;
        try {
            body = JSON.readTree(request.body());
        } catch (IOException e) {
            throw invalid("the body is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (body == null || !body.isObject()) {
            throw invalid("the body must be an object with \"keys\" and/or \"tags\"");
        }
        List<CacheKey> keys = new ArrayList<>();
        JsonNode keyList = body.path("keys");
        if (!keyList.isMissingNode() && !keyList.isArray()) {
            throw invalid("\"keys\" must be an array");
        }
        for (int i = 0; i < keyList.size(); i++) {
            JsonNode key = keyList.get(i);
            String origin = text(key, "origin", i);
            String path = text(key, "path", i);
            if (key.hasNonNull("method")) {
                keys.add(new CacheKey(origin, path, text(key, "method", i)));
            } else {
                keys.addAll(cache.keysOf(origin, path));
            }
        }
        List<String> tags = new ArrayList<>();
        JsonNode tagList = body.path("tags");
        if (!tagList.isMissingNode() && !tagList.isArray()) {
            throw invalid("\"tags\" must be an array of strings");
        }
        for (JsonNode tag : tagList) {
            if (!tag.isTextual()) {
                throw invalid("\"tags\" must be an array of strings, found " + tag);
            }
            tags.add(tag.textValue());
        }
        if (keys.isEmpty() && tags.stream().allMatch(String::isBlank)) {
            throw invalid("nothing to invalidate: give \"keys\" or \"tags\"");
        }
        cache.invalidate(keys, tags);
        return ApiResponse.empty();
    }

    private static String text(JsonNode key, String field, int index) {
        JsonNode value = key.path(field);
        if (!value.isTextual() || value.textValue().isBlank()) {
            throw invalid("keys[" + index + "]." + field + " is required (a string)");
        }
        return value.textValue();
    }

    private static ApiError invalid(String message) {
        return new ApiError(400, "RT_HTTP_CACHE_INVALID_INVALIDATION", "Invalid cache invalidation: " + message);
    }
}
