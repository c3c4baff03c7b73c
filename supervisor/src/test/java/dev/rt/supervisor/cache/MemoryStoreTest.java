package dev.rt.supervisor.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MemoryStoreTest {
    private static StoredResponse response(int bytes, Map<String, String> vary, String... tags) {
        return new StoredResponse("id-" + bytes + vary, 200, List.of(Map.entry("content-type", "text/plain")),
                new byte[bytes], vary, Set.of(tags), 0, 0, 60);
    }

    private static CacheKey key(String path) {
        return new CacheKey("http://back.rt.local", path, "GET");
    }

    @Test
    void holdsNoMoreThanMaxCountResponses() {
        MemoryStore store = new MemoryStore(new CacheLimits(3, 1_000_000, 10_000));
        for (int i = 0; i < 20; i++) {
            store.put(key("/" + i), response(10, Map.of()));
        }
        assertThat(store.count()).isBetween(1L, 3L);
    }

    @Test
    void holdsNoMoreThanMaxSizeBytes() {
        MemoryStore store = new MemoryStore(new CacheLimits(1000, 10_000, 5_000));
        for (int i = 0; i < 20; i++) {
            store.put(key("/" + i), response(4_000, Map.of()));
        }
        assertThat(store.size()).isPositive().isLessThanOrEqualTo(10_000);
    }

    @Test
    void aVariantReplacesTheOneWithTheSameVaryValuesOnly() {
        MemoryStore store = new MemoryStore(new CacheLimits(100, 1_000_000, 10_000));
        store.put(key("/v"), response(1, Map.of("accept-language", "en")));
        store.put(key("/v"), response(2, Map.of("accept-language", "fr")));
        store.put(key("/v"), response(3, Map.of("accept-language", "en")));
        assertThat(store.get(key("/v")).toCompletableFuture().join()).extracting(r -> r.body().length)
                .containsExactlyInAnyOrder(2, 3);
    }

    @Test
    void deletesByKeyAndByTag() {
        MemoryStore store = new MemoryStore(new CacheLimits(100, 1_000_000, 10_000));
        store.put(key("/a"), response(1, Map.of(), "products", "product-1"));
        store.put(key("/b"), response(2, Map.of(), "products"));
        store.put(key("/c"), response(3, Map.of(), "users"));
        store.deleteTags(List.of("product-1"));
        assertThat(store.get(key("/a")).toCompletableFuture().join()).isEmpty();
        assertThat(store.get(key("/b")).toCompletableFuture().join()).hasSize(1);
        store.delete(List.of(key("/c")));
        assertThat(store.count()).isEqualTo(1);
    }
}
