package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.supervisor.cache.CacheCounters;
import dev.rt.supervisor.cache.CacheStore;
import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.history.RuntimeHistory;
import java.util.List;
import java.util.Map;

/**
 * What {@code rt admin} reads beside the other routes: {@code GET /history?since=<epoch second>}, the workers'
 * figures one column a second for the last fifteen minutes, or only the columns after {@code since}
 * ({@link RuntimeHistory#json}); and {@code GET /http-cache}, the HTTP cache's counters and size
 * ({@code {enabled, hits, misses, stored, tooLarge, entries, bytes}}, {@code {enabled: false}} without one).
 */
final class HistoryRoute {
    private HistoryRoute() {
    }

    static ApiResponse history(ManagedRuntime runtime, ApiRequest request) {
        RuntimeHistory history = runtime.history().orElseThrow(() -> new ApiError(404, "RT_HISTORY_UNAVAILABLE",
                "The runtime keeps no history yet: it has not started"));
        String since = request.queryParameter("since", "0");
        long after;
        try {
            after = Long.parseLong(since);
        } catch (NumberFormatException e) {
            throw new ApiError(400, "RT_INVALID_SINCE", "since must be an epoch second (or 0 for the whole history), found \""
                    + since + "\"");
        }
        return new ApiResponse(200, List.of(Map.entry("content-type", "application/json; charset=utf-8")),
                history.json(after));
    }

    static ApiResponse httpCache(ManagedRuntime runtime) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("enabled", runtime.httpCache().isPresent());
        runtime.httpCache().ifPresent(cache -> counters(body, cache));
        return ApiResponse.json(body);
    }

    private static void counters(ObjectNode body, HttpCache cache) {
        CacheCounters counters = cache.counters();
        CacheStore.Usage usage = cache.usage();
        body.put("hits", counters.hits()).put("misses", counters.misses()).put("stored", counters.stored())
                .put("tooLarge", counters.tooLarge()).put("entries", usage.count()).put("bytes", usage.bytes());
    }
}
