package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.SettingsReference.Elsewhere;
import dev.rt.config.SettingsReference.Section;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/settings.md} is what the schemas say, so that the documentation cannot drift from what is validated.
 * When a schema changes, regenerate it:
 * {@code ./mvnw -pl config -am verify -Dtest=SettingsReferenceTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Drt.settings.write=true}.
 */
class SettingsReferenceTest {
    private static final String REGENERATE = "./mvnw -B -ntp -pl config -am verify -Dtest=SettingsReferenceTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Drt.settings.write=true";
    private static final String HEADER = """
            # Settings reference

            Every setting of rt's configuration files, as the schemas that validate them say: its type, its default
            (what rt fills in when the setting is absent) and what it does. Generated from the schemas
            (`config/src/main/resources/dev/rt/config/schema/` for the runtime's, each kind's module for its own) by
            `SettingsReferenceTest`, which fails when this file differs from them; do not edit it, regenerate it:

            ```sh
            %s
            ```

            A setting's path is dotted: `server.cors.origin`; `[]` is each element of an array (`services[].id`),
            `<name>` each key of a map (`autoload.mappings.<name>.id`). Any value may be a `{PLACEHOLDER}` naming an
            environment variable ([configuration.md](configuration.md)). `rt schema config` (and `rt <kind> schema config`)
            prints the schema itself.
            """.formatted(REGENERATE);

    /** The settings of a service's own file that rt reads whatever the service's kind. */
    private static final Set<String> EVERY_KIND = Set.of("basePath", "application", "telemetry", "clients", "runtime",
            "node");

    private static final List<Section> SECTIONS = List.of(
            new Section("The runtime", "runtime.json", "The runtime's own file (`rt.json`, `rt.yml` or `rt.tml`):"
                    + " `$schema` `https://schemas.rt.dev/runtime/1.0.0.json`.", Set.of(), Set.of()),
            new Section("Every kind", "java.json", "The settings of a service's own file that rt reads whatever its"
                    + " kind; each kind's table below has the others.", EVERY_KIND, Set.of()),
            kind("java", "A JVM application's own file"),
            kind("service", "A plugin-based service's own file"),
            kind("db", "A database service's own file"),
            kind("gateway", "A gateway's own file"),
            kind("composer", "A composer's own file (the gateway's older name)"));

    private static Section kind(String name, String what) {
        return new Section("Kind `" + name + "`", name + ".json", what + ": `$schema` `https://schemas.rt.dev/" + name
                + "/1.0.0.json`, or the top-level key `" + name + "`. The settings of every kind's file are [above]"
                + "(#every-kind).", Set.of(), EVERY_KIND);
    }

    private static final List<Elsewhere> ELSEWHERE = List.of(
            new Elsewhere("common.json", "applicationRuntime", "[the runtime's settings](#the-runtime), which hold when"
                    + " this file runs on its own; `runtime.application` holds those of its service entry"
                    + " (`services[]`)"),
            new Elsewhere("common.json", "logger", "the runtime's [`logger`](#the-runtime)"),
            new Elsewhere("service.json", "applicationServer", "the service kind's [`server`](#kind-service)"),
            new Elsewhere("service.json", "plugins", "the service kind's [`plugins`](#kind-service)"),
            new Elsewhere("service.json", "serviceWatch", "the service kind's [`watch`](#kind-service)"),
            new Elsewhere("gateway.json", "gatewayServer", "the gateway kind's [`server`](#kind-gateway)"));

    private static SettingsReference reference() {
        Map<String, JsonNode> documents = new LinkedHashMap<>();
        BundledSchemas.FILES.forEach(file -> documents.put(file, BundledSchemas.read(file)));
        return new SettingsReference(documents, ELSEWHERE);
    }

    @Test
    void docsSettingsIsWhatTheSchemasSay() throws IOException {
        Path file = Fixtures.testdata().resolve("../docs/settings.md").normalize();
        String generated = reference().markdown(HEADER, SECTIONS);
        if (Boolean.getBoolean("rt.settings.write")) {
            Files.writeString(file, generated);
        }
        assertThat(Files.isRegularFile(file) ? Files.readString(file) : "")
                .as("docs/settings.md differs from the schemas; regenerate it with " + REGENERATE)
                .isEqualTo(generated);
    }

    @Test
    void everySettingIsDescribed() {
        SettingsReference reference = reference();
        reference.markdown(HEADER, SECTIONS);
        assertThat(reference.undescribed()).as("settings without a description in their schema").isEmpty();
    }
}
