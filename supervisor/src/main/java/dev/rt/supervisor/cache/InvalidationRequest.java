package dev.rt.supervisor.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of an HTTP invalidation, {@code {"keys": [{"origin", "path", "method"?}], "tags": [...]}}, as the management
 * API's {@code POST /api/v1/http-cache/invalidate} and the mesh's {@code POST http://rt.local/http-cache/invalidate}
 * take it: the keys (every cached method of a key that names none) and the tags to remove.
 */
public record InvalidationRequest(List<CacheKey> keys, List<String> tags) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public InvalidationRequest {
        keys = List.copyOf(keys);
        tags = List.copyOf(tags);
    }

    /** A body that is not of that shape (a key without its origin or path, say), with what is wrong. */
    public static final class Invalid extends RuntimeException {
        Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Reads {@code body} for {@code cache} (which knows the cached methods).
     *
     * @throws Invalid when the body is not JSON of that shape, or names nothing to invalidate
     */
    public static InvalidationRequest parse(byte[] body, HttpCache cache) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (IOException e) {
            throw new Invalid("the body is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null || !root.isObject()) {
            throw new Invalid("the body must be an object with \"keys\" and/or \"tags\"");
        }
        List<CacheKey> keys = new ArrayList<>();
        JsonNode keyList = root.path("keys");
        if (!keyList.isMissingNode() && !keyList.isArray()) {
            throw new Invalid("\"keys\" must be an array");
        }
        for (int i = 0; i < keyList.size(); i++) {
            JsonNode key = keyList.get(i);
            String origin = text(key, "origin", i);
            String path = text(key, "path", i);
            if (key.hasNonNull("method")) {
                keys.add(new CacheKey(CachedOrigins.normal(origin), path, text(key, "method", i)));
            } else {
                keys.addAll(cache.keysOf(origin, path));
            }
        }
        List<String> tags = new ArrayList<>();
        JsonNode tagList = root.path("tags");
        if (!tagList.isMissingNode() && !tagList.isArray()) {
            throw new Invalid("\"tags\" must be an array of strings");
        }
        for (JsonNode tag : tagList) {
            if (!tag.isTextual()) {
                throw new Invalid("\"tags\" must be an array of strings, found " + tag);
            }
            tags.add(tag.textValue());
        }
        if (keys.isEmpty() && tags.stream().allMatch(String::isBlank)) {
            throw new Invalid("nothing to invalidate: give \"keys\" or \"tags\"");
        }
        return new InvalidationRequest(keys, tags);
    }

    /** Removes what this request names from {@code cache}. */
    public void applyTo(HttpCache cache) {
        cache.invalidate(keys, tags);
    }

    private static String text(JsonNode key, String field, int index) {
        JsonNode value = key.path(field);
        if (!value.isTextual() || value.textValue().isBlank()) {
            throw new Invalid("keys[" + index + "]." + field + " is required (a string)");
        }
        return value.textValue();
    }
}
