package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.read.ConfigNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class AutoloadConfigTest {
    private static Optional<AutoloadConfig> autoload(JsonNode autoload) {
        return AutoloadConfig.from(ConfigNode.section("autoload", autoload));
    }


    private static final String AUTOLOAD = """
            {"path": "packages", "exclude": ["docs"],
             "mappings": {"billing-svc": {"id": "billing", "config": "rt.yml", "useHttp": true, "workers": 2,
                                          "health": {"maxELU": 0.9}, "preload": "agent.jar",
                                          "arguments": ["--x"], "nodeOptions": "-Xss1m"}}}
            """;

    @Test
    void absentIsEmpty() {
        assertThat(autoload(MissingNode.getInstance())).isEmpty();
    }

    @Test
    void pathExcludeAndMappingsAreRead() {
        AutoloadConfig autoload = autoload(parse(AUTOLOAD)).orElseThrow();

        assertThat(autoload.path()).isEqualTo("packages");
        assertThat(autoload.excludes("docs")).isTrue();
        assertThat(autoload.excludes("api")).isFalse();
        AutoloadConfig.Mapping mapping = autoload.mappings().get("billing-svc");
        assertThat(mapping.id()).isEqualTo("billing");
        assertThat(mapping.config()).contains("rt.yml");
        assertThat(mapping.useHttp()).contains(true);
        assertThat(mapping.workers()).isEqualTo(OptionalInt.of(2));
        assertThat(mapping.health()).isEqualTo(parse("{\"maxELU\": 0.9}"));
        assertThat(mapping.preload()).containsExactly("agent.jar");
        assertThat(mapping.arguments()).containsExactly("--x");
        assertThat(mapping.nodeOptions()).contains("-Xss1m");
    }

    @Test
    void onlyPathGivesNoExclusionsOrMappings() {
        AutoloadConfig autoload = autoload(parse("{\"path\": \"web\"}")).orElseThrow();

        assertThat(autoload).isEqualTo(new AutoloadConfig("web", List.of(), java.util.Map.of()));
    }

    @Test
    void unmappedDirectoryBecomesAServiceNamedAfterIt() {
        AutoloadConfig autoload = autoload(parse(AUTOLOAD)).orElseThrow();

        assertThat(autoload.serviceEntry("api")).isEqualTo(parse("{\"id\": \"api\", \"path\": \"packages/api\"}"));
    }

    @Test
    void mappedDirectoryBecomesAServiceEntryThatValidates() {
        AutoloadConfig autoload = autoload(parse(AUTOLOAD)).orElseThrow();

        assertThat(autoload.serviceEntry("billing-svc")).isEqualTo(parse("""
                {"id": "billing", "path": "packages/billing-svc", "config": "rt.yml", "useHttp": true, "workers": 2,
                 "health": {"maxELU": 0.9}, "preload": ["agent.jar"], "arguments": ["--x"], "nodeOptions": "-Xss1m"}
                """));
        String runtime = "{\"services\": [" + autoload.serviceEntry("billing-svc") + "]}";
        assertThat(BundledSchemas.validate("runtime", parse(runtime))).isEmpty();
    }

    @Test
    void mappingHealthCannotBeChangedThroughTheRecord() {
        AutoloadConfig.Mapping mapping = new AutoloadConfig.Mapping("a", Optional.empty(), Optional.empty(),
                OptionalInt.empty(), parse("{\"maxELU\": 0.9}"), List.of(), List.of(), Optional.empty());

        ((com.fasterxml.jackson.databind.node.ObjectNode) mapping.health()).put("maxELU", 0.1);
        assertThat(mapping.health().get("maxELU").asDouble()).isEqualTo(0.9);
    }
}
