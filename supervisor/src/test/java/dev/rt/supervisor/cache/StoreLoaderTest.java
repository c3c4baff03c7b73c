package dev.rt.supervisor.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.HttpCacheConfig;
import dev.rt.config.RtException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreLoaderTest {
    @TempDir
    Path dir;

    private static HttpCacheConfig withStore(String store) {
        return new HttpCacheConfig(true, Optional.ofNullable(store), HttpCacheConfig.DEFAULT_METHODS, Optional.empty(),
                OptionalLong.of(7), OptionalLong.empty(), OptionalLong.empty(), List.of(), OptionalLong.empty());
    }

    /** A store that only remembers the configuration it was created with. */
    public static final class ConfiguredStore implements CacheStore {
        final HttpCacheConfig config;

        public ConfiguredStore(HttpCacheConfig config) {
            this.config = config;
        }

        @Override
        public CompletionStage<List<StoredResponse>> get(CacheKey key) {
            return CompletableFuture.completedFuture(List.of());
        }

        @Override
        public void put(CacheKey key, StoredResponse response) {
        }

        @Override
        public void delete(Collection<CacheKey> keys) {
        }

        @Override
        public void deleteTags(Collection<String> tags) {
        }

        @Override
        public long count() {
            return 0;
        }

        @Override
        public long size() {
            return 0;
        }
    }

    @Test
    void withoutStoreTheCacheIsInMemoryAndAClassNamedByStoreGetsTheConfiguration() {
        assertThat(StoreLoader.load(withStore(null), dir)).isInstanceOf(MemoryStore.class);
        CacheStore store = StoreLoader.load(withStore(ConfiguredStore.class.getName()), dir);
        assertThat(store).isInstanceOf(ConfiguredStore.class);
        assertThat(((ConfiguredStore) store).config.maxCount()).hasValue(7);
    }

    @Test
    void aStoreThatCannotBeLoadedStopsTheStartNamingTheSetting() {
        assertThatThrownBy(() -> StoreLoader.load(withStore("com.acme.NoSuchStore"), dir))
                .isInstanceOf(RtException.class)
                .hasMessageContaining("/httpCache/store").hasMessageContaining("com.acme.NoSuchStore");
        assertThatThrownBy(() -> StoreLoader.load(withStore("stores/missing.jar"), dir))
                .isInstanceOf(RtException.class)
                .hasMessageContaining("/httpCache/store").hasMessageContaining(dir.resolve("stores/missing.jar").toString());
        assertThatThrownBy(() -> StoreLoader.load(withStore(String.class.getName()), dir))
                .isInstanceOf(RtException.class)
                .hasMessageContaining("does not implement " + CacheStore.class.getName());
    }
}
