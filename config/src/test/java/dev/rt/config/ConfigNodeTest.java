package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ConfigNodeTest {
    private static final Path FILE = Path.of("/srv/app/rt.json");

    private static ConfigNode root(String json) {
        return ConfigNode.root(FILE, parse(json));
    }

    @Test
    void errorsNameTheFileAndThePointerWithKeysEscaped() {
        ConfigNode node = root("{\"env\": {\"a/b~c\": [1]}}").get("env").get("a/b~c");

        assertThat(node.pointer()).isEqualTo("/env/a~1b~0c");
        assertThatThrownBy(node::stringMap).isInstanceOf(ConfigException.class)
                .hasMessage("/srv/app/rt.json: /env/a~1b~0c: must be an object, found an array");
        assertThatThrownBy(() -> node.elements().get(0).requiredString())
                .hasMessage("/srv/app/rt.json: /env/a~1b~0c/0: must be a string, found 1");
        assertThat(root("{}").error("no services").getMessage()).isEqualTo("/srv/app/rt.json: /: no services");
    }

    @Test
    void aSectionReadOnItsOwnNamesItsPointerOnly() {
        ConfigNode logger = ConfigNode.section("logger", parse("{\"level\": 3}"));

        assertThatThrownBy(() -> logger.get("level").string("info")).hasMessage("/logger/level: must be a string, found 3");
        assertThat(ConfigNode.section("logger", null).isMissing()).isTrue();
    }

    @Test
    void errorsCarryTheCodeAskedFor() {
        ConfigException error = root("{}").get("dependencies").error(ErrorCode.CONFIG_DEPENDENCY_CYCLE, "a cycle");

        assertThat(error.errorCode()).isEqualTo(ErrorCode.CONFIG_DEPENDENCY_CYCLE);
        assertThat(error.getMessage()).isEqualTo("/srv/app/rt.json: /dependencies: a cycle");
    }

    @Test
    void booleansMayComeFromPlaceholderStrings() {
        ConfigNode flags = root("{\"a\": true, \"b\": \" TRUE \", \"c\": \"1\", \"d\": \"false\", \"e\": \"0\", \"f\": \"\", \"g\": null}");

        assertThat(List.of("a", "b", "c")).allMatch(key -> flags.get(key).bool(false));
        assertThat(List.of("d", "e", "f")).noneMatch(key -> flags.get(key).bool(true));
        assertThat(flags.get("g").bool(true)).as("null is absent").isTrue();
        assertThat(flags.get("missing").bool(false)).isFalse();
        assertThatThrownBy(() -> root("{\"a\": \"yes\"}").get("a").bool(false))
                .hasMessage("/srv/app/rt.json: /a: must be true or false, found \"yes\"");
        assertThatThrownBy(() -> root("{\"a\": 1}").get("a").bool(false))
                .hasMessage("/srv/app/rt.json: /a: must be true or false, found 1");
    }

    @Test
    void integersAreCheckedAgainstTheirRange() {
        ConfigNode node = root("{\"n\": \"42\", \"big\": 3000000000, \"x\": 1.5}");

        assertThat(node.get("n").integer(0, 0, 100)).isEqualTo(42);
        assertThat(node.get("missing").optionalInteger(0, 100)).isEqualTo(OptionalLong.empty());
        assertThatThrownBy(() -> node.get("big").integer(0, 1, Integer.MAX_VALUE))
                .hasMessage("/srv/app/rt.json: /big: must be between 1 and 2147483647, found 3000000000");
        assertThatThrownBy(() -> node.get("x").optionalInteger(0, 100))
                .hasMessage("/srv/app/rt.json: /x: must be an integer, found 1.5");
        assertThat(root("{\"t\": 1500}").get("t").optionalMillis()).contains(Duration.ofMillis(1500));
    }

    @Test
    void sizesTakeAUnitOrBytes() {
        ConfigNode node = root("{\"a\": \"512M\", \"b\": 1024, \"c\": \"4 lightyears\"}");

        assertThat(node.get("a").optionalBytes()).isEqualTo(OptionalLong.of(512L << 20));
        assertThat(node.get("b").optionalBytes()).isEqualTo(OptionalLong.of(1024));
        assertThatThrownBy(() -> node.get("c").optionalBytes()).hasMessage("/srv/app/rt.json: /c: must be a size in bytes "
                + "or with a unit (for example 512M or 4G), found \"4 lightyears\"");
    }

    @Test
    void stringsAreKeptAsWrittenUnlessTheyMustNotBeBlank() {
        ConfigNode node = root("{\"globs\": [\"*.class\", \"\"], \"one\": \"a\"}");

        assertThat(node.get("globs").strings()).containsExactly("*.class", "");
        assertThat(node.get("one").strings()).containsExactly("a");
        assertThat(node.get("missing").strings()).isEmpty();
        assertThatThrownBy(() -> node.get("globs").nonBlankStrings())
                .hasMessage("/srv/app/rt.json: /globs/1: must not be empty");
        assertThat(root("{\"s\": \" \"}").get("s").string()).isEqualTo(" ");
        assertThatThrownBy(() -> root("{}").get("s").string()).hasMessage("/srv/app/rt.json: /s: is required");
    }

    @Test
    void pathsThatCannotNameAFileAreRefusedWhereTheyAre() {
        ConfigNode node = root("{\"key\": {\"path\": \"tls/../key.pem\"}, \"bad\": \"a\\u0000b\"}");

        assertThat(node.get("key").get("path").path()).isEqualTo(Path.of("tls/../key.pem"));
        assertThat(node.get("key").get("path").path(Path.of("/srv/app"))).isEqualTo(Path.of("/srv/app/key.pem"));
        assertThatThrownBy(() -> node.get("bad").path()).hasMessageStartingWith("/srv/app/rt.json: /bad: is not a usable path: ");
    }

    @Test
    void objectsAreCopiedAndScalarMapsReadAsText() {
        ConfigNode node = root("{\"options\": {\"a\": {\"b\": 1}}, \"headers\": {\"x\": 1, \"y\": true, \"z\": \"s\"}}");

        assertThat(node.get("options").object()).isEqualTo(parse("{\"a\": {\"b\": 1}}")).isNotSameAs(node.get("options").json());
        assertThat(node.get("missing").object().isEmpty()).isTrue();
        assertThat(node.get("headers").stringMap()).isEqualTo(Map.of("x", "1", "y", "true", "z", "s"));
        assertThat(node.get("headers").properties().keySet()).containsExactly("x", "y", "z");
    }

    @Test
    void aValueMadeForANodeIsReportedWhereThatNodeIs() {
        ConfigNode mapping = root("{\"autoload\": {\"mappings\": {\"a\": {}}}}").get("autoload").get("mappings").get("a");

        assertThatThrownBy(() -> mapping.withValue(parse("{\"id\": 1}")).get("id").requiredString())
                .hasMessage("/srv/app/rt.json: /autoload/mappings/a/id: must be a string, found 1");
    }
}
