package dev.rt.supervisor.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The default store: Caffeine, in the supervisor's memory, bounded by {@code maxSize} bytes and {@code maxCount}
 * responses at once. Caffeine bounds one weight only, so each response weighs at least {@code maxSize / maxCount}:
 * a full cache of small responses holds {@code maxCount} of them, one of large responses {@code maxSize} bytes.
 * Evictions run on the caller's thread (they are quick), so the bounds hold when a call returns.
 */
final class MemoryStore implements CacheStore {
    private final Cache<CacheKey, List<StoredResponse>> entries;

    MemoryStore(CacheLimits limits) {
        long floor = Math.max(1, limits.maxSize() / limits.maxCount());
        this.entries = Caffeine.newBuilder()
                .executor(Runnable::run)
                .maximumWeight(limits.maxSize())
                .<CacheKey, List<StoredResponse>>weigher((key, variants) -> {
                    long weight = 0;
                    for (StoredResponse response : variants) {
                        weight += Math.max(floor, response.weight());
                    }
                    return (int) Math.min(Integer.MAX_VALUE, weight);
                })
                .build();
    }

    @Override
    public CompletionStage<List<StoredResponse>> get(CacheKey key) {
        List<StoredResponse> found = entries.getIfPresent(key);
        return CompletableFuture.completedFuture(found == null ? List.of() : found);
    }

    @Override
    public void put(CacheKey key, StoredResponse response) {
        entries.asMap().compute(key, (k, variants) -> {
            List<StoredResponse> next = new ArrayList<>();
            if (variants != null) {
                variants.stream().filter(v -> !v.vary().equals(response.vary())).forEach(next::add);
            }
            next.add(response);
            return List.copyOf(next);
        });
    }

    @Override
    public void delete(Collection<CacheKey> keys) {
        entries.invalidateAll(keys);
    }

    @Override
    public void deleteTags(Collection<String> tags) {
        for (CacheKey key : List.copyOf(entries.asMap().keySet())) {
            entries.asMap().computeIfPresent(key, (k, variants) -> {
                List<StoredResponse> kept = variants.stream()
                        .filter(v -> v.tags().stream().noneMatch(tags::contains)).toList();
                return kept.isEmpty() ? null : kept;
            });
        }
    }

    @Override
    public long count() {
        return entries.asMap().values().stream().mapToLong(List::size).sum();
    }

    @Override
    public long size() {
        return entries.asMap().values().stream().flatMap(List::stream).mapToLong(StoredResponse::weight).sum();
    }

    @Override
    public void close() {
        entries.invalidateAll();
    }
}
