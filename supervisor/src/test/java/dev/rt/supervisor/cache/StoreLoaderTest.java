package dev.rt.supervisor.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.HttpCacheConfig;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreLoaderTest {
    @TempDir
    Path dir;

    private final RuntimeLog log = new RuntimeLog(new PrintStream(OutputStream.nullOutputStream()), false);

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

    private CacheStore load(HttpCacheConfig config) {
        return StoreLoader.load(config, dir, new LongAdder(), log);
    }

    @AfterEach
    void closeLog() {
        log.close();
    }

    @Test
    void withoutStoreTheCacheIsInMemoryAndAClassNamedByStoreGetsTheConfiguration() {
        assertThat(load(withStore(null))).isInstanceOf(MemoryStore.class);
        CacheStore store = load(withStore(ConfiguredStore.class.getName()));
        assertThat(store).isInstanceOf(ConfiguredStore.class);
        assertThat(((ConfiguredStore) store).config.maxCount()).hasValue(7);
    }

    @Test
    void aStoreThatCannotBeLoadedStopsTheStartNamingTheSetting() {
        assertThatThrownBy(() -> load(withStore("com.acme.NoSuchStore")))
                .isInstanceOf(RtException.class)
                .hasMessageContaining("/httpCache/store").hasMessageContaining("com.acme.NoSuchStore");
        assertThatThrownBy(() -> load(withStore("stores/missing.jar")))
                .isInstanceOf(RtException.class)
                .hasMessageContaining("/httpCache/store").hasMessageContaining(dir.resolve("stores/missing.jar").toString());
        assertThatThrownBy(() -> load(withStore(String.class.getName())))
                .isInstanceOf(RtException.class)
                .hasMessageContaining("does not implement " + CacheStore.class.getName());
    }

    @Test
    void aRedisUrlThatCannotBeUsedStopsTheStartSayingWhyWithoutRepeatingThePassword() throws Exception {
        assertRefused("redis://s3cret@127.0.0.1:6379", "the part before @ is [user]:password; for a password alone, "
                + "write redis://:password@host");
        assertRefused("redis://:s3cret@127.0.0.1:6379/cache", "not redis[s]://[[user]:password@]host[:port][/database]");
        assertRefused("redis://:s3cret@/0", "not redis[s]://[[user]:password@]host[:port][/database]");
        assertRefused("redis://:s3cret@127.0.0.1:6379?timeout=5", "the only parameter is cacert (rediss:// only), "
                + "found timeout=5");
        Files.writeString(dir.resolve("ca.pem"), "");
        assertRefused("redis://:s3cret@127.0.0.1:6379?cacert=ca.pem", "cacert is for rediss:// (TLS); redis:// is "
                + "plain text");
        assertRefused("rediss://:s3cret@127.0.0.1:6379?cacert=missing.pem", "the cacert file "
                + dir.resolve("missing.pem") + " cannot be read");
        assertRefused("redis://:s3cret@127.0.0.1:6379 x", "not a URL: Illegal character in authority at index 8");
    }

    private void assertRefused(String store, String reason) {
        assertThatThrownBy(() -> load(withStore(store))).isInstanceOf(RtException.class)
                .hasMessage("/httpCache/store: cannot load the HTTP cache store: " + reason)
                .hasMessageNotContaining("s3cret");
    }
}
