package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.error.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden configurations of {@code testdata/configs}: every valid one loads with the facts of its
 * {@code expected.json}, every invalid one is refused with exactly the message of its {@code expected.txt}.
 * See {@link GoldenCase} for the folder layout.
 */
class GoldenConfigTest {
    /** One folder per configuration rule; a rule listed here and missing from testdata fails the build. */
    private static final List<String> VALID_RULES = List.of(
            "formats", "lookup-order", "aliases-merged", "autoload-exclude-mappings", "entrypoint-single-service",
            "placeholders-several-per-string", "placeholders-coerced", "rt-root", "service-url", "strict-env-warn",
            "strict-env-url-fallback", "dotenv-precedence", "dotenv-from-current-directory", "service-dotenv-and-envfile",
            "service-config-lookup", "unit-sizes", "one-service-runtime", "schema-older-version");
    private static final List<String> INVALID_RULES = List.of(
            "unknown-key", "wrong-type", "bad-enum", "out-of-range", "missing-id", "no-services", "unknown-extension",
            "parse-error", "placeholder-not-coercible", "placeholder-unset-number", "strict-env-true", "autoload-collision",
            "entrypoint-names-nothing", "entrypoint-required", "schema-unknown-kind", "schema-newer-version",
            "bad-size", "scheduler-duplicate-name", "scheduler-invalid-cron", "scheduler-callback-not-a-url",
            "scheduler-cluster-not-postgres", "scheduler-cron-unknown-name", "service-config-without-kind",
            "java-two-modes", "classpath-glob-matches-nothing", "service-path-missing", "envfile-missing",
            "duplicate-service-id", "bad-service-id", "dotenv-malformed", "service-config-unknown-key", "unusable-path",
            "classpath-invalid-glob", "service-config-is-a-runtime", "duplicate-key", "number-beyond-double", "dependency-not-found",
            "dependency-cycle", "dependency-on-itself", "envfile-is-a-directory", "service-path-is-a-file",
            "java-build-and-main", "section-integer-beyond-int");

    static Stream<GoldenCase> validCases() {
        return GoldenCase.all("valid");
    }

    static Stream<GoldenCase> invalidCases() {
        return GoldenCase.all("invalid");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCases")
    void invalidConfigurationIsRefusedWithItsExactMessage(GoldenCase golden) {
        assertThatThrownBy(golden::load)
                .isInstanceOf(ConfigException.class)
                .hasMessage(golden.expectedMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCases")
    void everyLineOfAnInvalidMessageStartsWithAFileOfTheFolder(GoldenCase golden) {
        for (String line : golden.expectedMessage().split("\n")) {
            assertThat(line).startsWith(golden.folder() + "/");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validCases")
    void validConfigurationLoadsWithTheExpectedFacts(GoldenCase golden) {
        RuntimeConfig config = golden.load();
        JsonNode facts = golden.facts();

        assertThat(config.file()).isEqualTo(golden.file());
        assertThat(config.serviceIds()).isEqualTo(strings(facts.path("services")));
        assertThat(config.entrypoint()).isEqualTo(facts.path("entrypoint").asText());
        assertThat(config.warnings()).as("warnings").isEqualTo(strings(facts.path("warnings")).stream()
                .map(golden::substitute).toList());
        facts.path("workers").properties().forEach(e -> assertThat(service(config, e.getKey()).workers())
                .as("workers of %s", e.getKey()).isEqualTo(e.getValue().intValue()));
        facts.path("env").properties().forEach(e -> assertThat(service(config, e.getKey()).env())
                .as("env of %s", e.getKey()).containsAllEntriesOf(stringMap(e.getValue(), golden)));
        JsonNode settings = config.settings();
        facts.path("settings").properties().forEach(e -> assertThat(comparable(settings.at(e.getKey())))
                .as("setting %s", e.getKey()).isEqualTo(comparable(e.getValue(), golden)));
        facts.path("health").properties().forEach(e -> {
            HealthConfig health = service(config, e.getKey()).health();
            assertThat(health.maxHeapTotal()).as("maxHeapTotal of %s", e.getKey())
                    .isEqualTo(e.getValue().path("maxHeapTotal").longValue());
            assertThat(health.maxYoungGeneration().orElse(-1)).as("maxYoungGeneration of %s", e.getKey())
                    .isEqualTo(e.getValue().path("maxYoungGeneration").asLong(-1));
        });
        facts.path("applicationFile").properties().forEach(e -> assertThat(service(config, e.getKey()).application().file())
                .as("configuration file of %s", e.getKey()).isEqualTo(golden.path(e.getValue().textValue())));
        facts.path("directory").properties().forEach(e -> assertThat(service(config, e.getKey()).directory())
                .as("directory of %s", e.getKey()).isEqualTo(golden.path(e.getValue().textValue())));
        facts.path("classpath").properties().forEach(e -> assertThat(service(config, e.getKey()).application().classpath())
                .as("class path of %s", e.getKey()).isEqualTo(strings(e.getValue()).stream()
                        .map(golden::path).toList()));
    }

    @Test
    void everyRuleHasItsFolderAndEveryFolderItsExpectation() {
        assertThat(names(GoldenCase.folders("valid"))).containsExactlyInAnyOrderElementsOf(VALID_RULES);
        assertThat(names(GoldenCase.folders("invalid"))).containsExactlyInAnyOrderElementsOf(INVALID_RULES);
        GoldenCase.folders("valid").forEach(folder -> assertThat(folder.resolve("expected.json")).isRegularFile());
        GoldenCase.all("invalid").forEach(golden -> assertThat(golden.expectedMessage()).as("%s", golden).isNotBlank());
    }

    @Test
    void rulesWhoseFormatMattersAreWrittenInJsonYamlAndToml() {
        for (String rule : List.of("valid/formats", "valid/aliases-merged", "valid/placeholders-coerced",
                "valid/placeholders-several-per-string", "invalid/parse-error", "invalid/placeholder-not-coercible",
                "invalid/unknown-key", "invalid/wrong-type", "invalid/schema-unknown-kind", "invalid/duplicate-key")) {
            Path folder = GoldenCase.root().resolve(rule);
            assertThat(List.of("rt.json", "rt.yaml", "rt.toml")).as(rule)
                    .allMatch(name -> Files.isRegularFile(folder.resolve(name)));
        }
    }

    private static ServiceConfig service(RuntimeConfig config, String id) {
        return config.service(id).orElseThrow(() -> new AssertionError("no service " + id + " in " + config.serviceIds()));
    }

    /** Numbers compare by value whatever their node type (TOML reads longs where JSON reads ints); strings after tokens. */
    private static Object comparable(JsonNode value, GoldenCase golden) {
        return value.isTextual() ? golden.substitute(value.textValue()) : comparable(value);
    }

    private static Object comparable(JsonNode value) {
        if (value.isNumber()) {
            return value.decimalValue().stripTrailingZeros();
        }
        return value.isTextual() ? value.textValue() : value;
    }

    private static List<String> names(Stream<Path> folders) {
        return folders.map(folder -> folder.getFileName().toString()).toList();
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.textValue()));
        return values;
    }

    private static Map<String, String> stringMap(JsonNode object, GoldenCase golden) {
        Map<String, String> values = new LinkedHashMap<>();
        object.properties().forEach(e -> values.put(e.getKey(), golden.substitute(e.getValue().textValue())));
        return values;
    }
}
