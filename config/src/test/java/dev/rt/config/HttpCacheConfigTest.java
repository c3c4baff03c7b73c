package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.read.ConfigNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class HttpCacheConfigTest {
    private static HttpCacheConfig httpCache(JsonNode httpCache) {
        return HttpCacheConfig.from(ConfigNode.section("httpCache", httpCache));
    }


    @Test
    void absentOrFalseIsOff() {
        assertThat(httpCache(MissingNode.getInstance())).isEqualTo(HttpCacheConfig.DISABLED);
        assertThat(httpCache(parse("false")).enabled()).isFalse();
    }

    @Test
    void trueCachesGetAndHeadInMemory() {
        HttpCacheConfig cache = httpCache(parse("true"));

        assertThat(cache.enabled()).isTrue();
        assertThat(cache.store()).isEmpty();
        assertThat(cache.methods()).containsExactly("GET", "HEAD");
        assertThat(cache.maxSize()).isEmpty();
    }

    @Test
    void objectIsReadAsWritten() {
        HttpCacheConfig cache = httpCache(parse("""
                {"store": "./store.js", "methods": ["GET"], "cacheTagsHeader": "X-Cache-Tags",
                 "maxCount": 100, "maxSize": 1048576, "maxEntrySize": 4096,
                 "origins": ["http://api.rt.local", "/^http:..cdn/i"], "cacheByDefault": 60}
                """));

        assertThat(cache).isEqualTo(new HttpCacheConfig(true, Optional.of("./store.js"), List.of("GET"),
                Optional.of("X-Cache-Tags"), OptionalLong.of(100), OptionalLong.of(1 << 20), OptionalLong.of(4096),
                List.of("http://api.rt.local", "/^http:..cdn/i"), OptionalLong.of(60)));
    }

    @Test
    void objectWithoutMethodsCachesGetAndHead() {
        assertThat(httpCache(parse("{\"maxCount\": 10}")).methods()).containsExactly("GET", "HEAD");
    }
}
