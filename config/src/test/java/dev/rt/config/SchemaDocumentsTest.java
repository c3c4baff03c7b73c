package dev.rt.config;

import static dev.rt.config.BundledSchemas.KINDS;
import static dev.rt.config.BundledSchemas.bundled;
import static dev.rt.config.BundledSchemas.parse;
import static dev.rt.config.BundledSchemas.read;
import static dev.rt.config.BundledSchemas.validate;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SchemaDocumentsTest {

    private static List<String> errors(String kind, String json) {
        return validate(kind, parse(json)).stream().map(e -> e.getInstanceLocation() + " " + e.getMessage()).toList();
    }

    private static List<String> locations(List<Error> errors) {
        return errors.stream().map(e -> e.getInstanceLocation().toString()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"runtime", "java", "service", "db", "gateway", "composer"})
    void kindDocumentIsADraft2020ObjectSchemaWithIdTitleAndDescription(String kind) {
        JsonNode document = read(kind + ".json");

        assertThat(document.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(document.path("$id").asText()).isEqualTo("https://schemas.rt.dev/" + kind + "/1.0.0.json");
        assertThat(document.path("title").asText()).isNotBlank();
        assertThat(document.path("description").asText()).isNotBlank();
        assertThat(document.path("type").asText()).isEqualTo("object");
        assertThat(document.path("additionalProperties").isBoolean()).isTrue();
        assertThat(document.path("additionalProperties").booleanValue()).isFalse();
        Set<String> common = new TreeSet<>();
        read("common.json").get("$defs").fieldNames().forEachRemaining(common::add);
        document.path("$defs").fieldNames().forEachRemaining(own -> assertThat(common)
                .as("a kind's own definition must not shadow a shared one of common.json").doesNotContain(own));
    }

    @ParameterizedTest
    @ValueSource(strings = {"runtime", "java", "service", "db", "gateway", "composer"})
    void bundledDocumentCompiles(String kind) {
        assertThat(BundledSchemas.schema(kind)).isNotNull();
    }

    /**
     * A kind's document refers to its own definitions, to rt's shared ones ({@code common.json}) and, for the kinds
     * that run on the service kind's server, to the service kind's ({@code service.json}); rt's shared definitions
     * refer to their own only.
     */
    @Test
    void kindDocumentsReferToTheirOwnTheSharedAndTheServiceKindsDefinitions() {
        Map<String, JsonNode> referable = BundledSchemas.referable();
        for (String kind : KINDS) {
            JsonNode document = read(kind + ".json");
            for (String ref : refs(document)) {
                String file = ref.substring(0, ref.indexOf('#'));
                String name = ref.substring(ref.indexOf("#/$defs/") + "#/$defs/".length());
                JsonNode target = file.isEmpty() ? document : referable.get(file);
                assertThat(target).as(kind + " " + ref).isNotNull();
                assertThat(target.path("$defs").has(name)).as(kind + " " + ref).isTrue();
                if (!kind.equals("composer")) {
                    assertThat(file).as("only the composer shares the gateway's definitions: %s", ref)
                            .isNotEqualTo("gateway.json");
                }
                if (kind.equals("java") || kind.equals("runtime")) {
                    assertThat(file).as("%s does not run on the service kind's server: %s", kind, ref)
                            .isNotEqualTo("service.json");
                }
            }
        }
        for (String ref : refs(read("common.json"))) {
            assertThat(ref).startsWith("#/$defs/");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"runtime", "java", "service", "db", "gateway", "composer"})
    void theBundledDocumentHoldsWhatItReachesAndNoMore(String kind) {
        JsonNode bundled = bundled(kind);
        Set<String> reached = new TreeSet<>();
        refs(bundled).forEach(ref -> reached.add(ref.substring("#/$defs/".length())));
        Set<String> defined = new TreeSet<>();
        bundled.path("$defs").fieldNames().forEachRemaining(defined::add);
        assertThat(refs(bundled)).allMatch(ref -> ref.startsWith("#/$defs/"));
        assertThat(defined).containsAll(reached);
        assertThat(defined).as("definitions no one refers to").isSubsetOf(ownDefinitions(kind, reached));
    }

    private static Set<String> ownDefinitions(String kind, Set<String> reached) {
        Set<String> allowed = new TreeSet<>(reached);
        read(kind + ".json").path("$defs").fieldNames().forEachRemaining(allowed::add);
        return allowed;
    }

    @Test
    void noDefaultSitsBesideARef() {
        for (String file : BundledSchemas.FILES) {
            List<String> both = new ArrayList<>();
            SchemaWalk.schemas(read(file), "", (pointer, schema) -> {
                if (schema.has("$ref") && schema.has("default")) {
                    both.add(pointer);
                }
            });
            assertThat(both).as(file).isEmpty();
        }
    }

    @Test
    void everyDefaultIsValidWhereItSits() {
        for (String file : BundledSchemas.FILES) {
            List<String> invalid = new ArrayList<>();
            SchemaWalk.schemas(read(file), file + "#", (pointer, schema) -> {
                if (schema.has("default")) {
                    List<Error> errors = BundledSchemas.subschema(schema, file).validate(schema.get("default"));
                    if (!errors.isEmpty()) {
                        invalid.add(pointer + " " + errors);
                    }
                }
            });
            assertThat(invalid).as(file).isEmpty();
        }
    }

    /**
     * Objects that accept any key are exactly the free-form ones: maps whose values are checked, options handed to a
     * module as they are, the OpenAPI Object's own objects, settings refused whatever they hold. Every other object is
     * closed: a misspelt key is refused with its pointer (ClosedObjectsTest).
     */
    @Test
    void onlyTheFreeFormObjectsAcceptUnknownKeys() {
        Set<String> open = new TreeSet<>();
        for (String file : BundledSchemas.FILES) {
            SchemaWalk.schemas(read(file), file + "#", (pointer, schema) -> {
                boolean object = schema.has("properties") || schema.path("type").asText().equals("object");
                JsonNode additional = schema.get("additionalProperties");
                boolean constraint = pointer.matches(".*/(if|then|else|not)(/.*)?");
                if (object && !constraint && !(additional != null && additional.isBoolean() && !additional.booleanValue())) {
                    open.add(pointer);
                }
            });
        }
        List<String> openApiObjects = List.of("info", "paths", "webhooks", "components", "externalDocs");
        List<String> expected = new ArrayList<>(List.of(
                // maps: names to values, each value checked
                "common.json#/$defs/env",
                "common.json#/$defs/headers",
                "common.json#/$defs/autoload/properties/mappings",
                "common.json#/$defs/logger/properties/customLevels",
                "db.json#/$defs/dbSection/properties/ignore",
                "db.json#/$defs/dbSection/properties/ignore/additionalProperties/anyOf/1",
                "db.json#/$defs/dbSection/properties/include",
                // the db rules' defaults and checks: their keys are the entity's fields
                "db.json#/properties/authorization/properties/rules/items/properties/defaults",
                "db.json#/properties/authorization/properties/rules/items/properties/find/oneOf/1/properties/checks",
                "db.json#/properties/authorization/properties/rules/items/properties/save/oneOf/1/properties/checks",
                "db.json#/properties/authorization/properties/rules/items/properties/insert/oneOf/1/properties/checks",
                "db.json#/properties/authorization/properties/rules/items/properties/updateMany/oneOf/1/properties/checks",
                "db.json#/properties/authorization/properties/rules/items/properties/delete/oneOf/1/properties/checks",
                // handed as they are to what they configure: a module, a plugin, a log line, a request body
                "common.json#/$defs/serviceTelemetry/properties/instrumentations/items/anyOf/1/properties/options",
                "common.json#/$defs/loggerTarget/properties/options",
                "common.json#/$defs/loggerTransport/anyOf/0/properties/options",
                "common.json#/$defs/loggerTransport/anyOf/1/properties/options",
                "common.json#/$defs/logger/properties/base/anyOf/1",
                "common.json#/$defs/undici/properties/interceptors/items/properties/options",
                "common.json#/$defs/schedulerJob/properties/body/anyOf/1",
                "service.json#/$defs/pluginPath/properties/options",
                "service.json#/$defs/plugins/properties/packages/items/anyOf/1/properties/options",
                // refused whatever they hold, by the kind, with what to do instead
                "service.json#/$defs/applicationServer/properties/serializerOpts",
                "gateway.json#/$defs/gatewayServer/properties/serializerOpts",
                "gateway.json#/$defs/gatewayApplication/properties/graphql/anyOf/1/properties/entities",
                "composer.json#/$defs/gatewayApplication/properties/graphql/anyOf/1/properties/entities"));
        // the OpenAPI Object's own objects, copied into the document served
        openApiObjects.forEach(name -> {
            expected.add("service.json#/$defs/openapiOptions/properties/" + name);
            expected.add("db.json#/$defs/dbOpenapi/properties/" + name);
        });
        assertThat(open).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** A service configuration run on its own takes the runtime's settings under "runtime", with the same schema. */
    @Test
    void applicationRuntimeSettingsMatchTheRuntimeSchema() {
        JsonNode runtime = read("runtime.json").get("properties");
        JsonNode application = read("common.json").at("/$defs/applicationRuntime/properties");
        // the image (rt build --image) is of a runtime and all its services, not of an application run on its own
        Set<String> notShared = Set.of("$schema", "autoload", "services", "applications", "web", "entrypoint", "image");
        runtime.fieldNames().forEachRemaining(name -> {
            if (notShared.contains(name)) {
                assertThat(application.has(name)).as(name).isFalse();
                return;
            }
            assertThat(application.has(name)).as(name).isTrue();
            assertThat(withoutDescription(application.get(name)))
                    .as(name).isEqualTo(withoutDescription(localRefs(runtime.get(name))));
        });
    }

    @Test
    void demoConfigurationsValidate() throws IOException {
        Path demo = Fixtures.testdata().resolve("demo");
        ObjectNode runtime = (ObjectNode) BundledSchemas.JSON.readTree(Files.readString(demo.resolve("rt.json")));
        assertThat(validate("runtime", runtime)).isEmpty();
        runtime.put("$schema", "https://schemas.rt.dev/runtime/1.0.0.json");
        assertThat(validate("runtime", runtime)).isEmpty();
        for (String service : List.of("hello", "greeter")) {
            ObjectNode java = (ObjectNode) BundledSchemas.JSON.readTree(
                    Files.readString(demo.resolve("services").resolve(service).resolve("rt.json")));
            java.put("$schema", "https://schemas.rt.dev/java/1.0.0.json");
            assertThat(validate("java", java)).as(service).isEmpty();
        }
    }

    static Stream<Arguments> fullExamples() {
        return Stream.of(
                Arguments.of("runtime", ConfigExamples.FULL_RUNTIME),
                Arguments.of("java", ConfigExamples.FULL_JAVA),
                Arguments.of("service", ConfigExamples.FULL_SERVICE),
                Arguments.of("db", ConfigExamples.FULL_DB),
                Arguments.of("gateway", ConfigExamples.FULL_GATEWAY),
                Arguments.of("composer", ConfigExamples.FULL_COMPOSER));
    }

    @ParameterizedTest
    @MethodSource("fullExamples")
    void exampleUsingEverySettingValidates(String kind, String json) {
        assertThat(errors(kind, json)).isEmpty();
    }

    static Stream<Arguments> invalidExamples() {
        String service = "{\"id\": \"api\", \"path\": \"api\"}";
        return Stream.of(
                Arguments.of("runtime", "{\"services\": [" + service + "], \"servcies\": []}", ""),
                Arguments.of("runtime", "{\"services\": [{\"id\": \"api\", \"path\": \"api\", \"wokers\": 2}]}", "/services/0"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"workers\": \"x\"}", "/workers"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"workers\": 0}", "/workers"),
                Arguments.of("runtime", "{\"services\": [{\"path\": \"api\"}]}", "/services/0"),
                Arguments.of("runtime", "{\"services\": [{\"id\": \"api\"}]}", "/services/0"),
                Arguments.of("runtime", "{\"services\": [{\"id\": \"-api\", \"path\": \"api\"}]}", "/services/0/id"),
                Arguments.of("runtime", "{\"entrypoint\": \"api\"}", ""),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"server\": {\"port\": 70000}}", "/server/port"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"health\": {\"maxELU\": 2}}", "/health/maxELU"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"health\": {\"maxHeapTotal\": \"4 gigs\"}}",
                        "/health/maxHeapTotal"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"restartOnError\": -1}", "/restartOnError"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"logger\": {\"level\": \"verbose\"}}", "/logger/level"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"metrics\": {\"port\": 70000}}", "/metrics/port"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"metrics\": {\"enabled\": \"maybe\"}}",
                        "/metrics/enabled"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"managementApi\": {\"logs\": {\"maxSize\": 4}}}",
                        "/managementApi/logs/maxSize"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"scheduler\": [{\"name\": \"n\", \"callbackUrl\": \"u\"}]}",
                        "/scheduler/0"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"scheduler\": [{\"name\": \"n\", \"cron\": \"* * * * *\", "
                        + "\"callbackUrl\": \"u\", \"method\": \"GETS\"}]}", "/scheduler/0/method"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"telemetry\": {\"version\": \"1\"}}", "/telemetry"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"telemetry\": {\"serviceName\": \"s\", "
                        + "\"exporter\": {\"type\": \"otlp\"}}}", "/telemetry/exporter"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"telemetry\": {\"serviceName\": \"s\", "
                        + "\"exporter\": {\"type\": \"jaeger\"}}}", "/telemetry/exporter/type"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"runtime\": {\"strictEnv\": \"yes\"}}",
                        "/runtime/strictEnv"),
                Arguments.of("runtime", "{\"services\": [" + service + "], \"server\": {\"https\": {\"key\": \"k\"}}}",
                        "/server/https"),
                Arguments.of("java", "{\"java\": {\"build\": \"a.B\", \"jar\": \"app.jar\"}}", "/java"),
                Arguments.of("java", "{\"java\": {\"classpath\": [\"lib/*\"]}}", "/java"),
                Arguments.of("java", "{\"java\": {\"main\": \"a.Main\", \"args\": []}}", "/java"),
                Arguments.of("service", "{\"server\": {\"forceCloseConnections\": \"always\"}}",
                        "/server/forceCloseConnections"),
                Arguments.of("java", "{\"java\": {\"main\": \"a.Main\"}, \"telemetry\": {\"serviceName\": \"s\"}}", "/telemetry"),
                Arguments.of("java", "{}", ""),
                Arguments.of("db", "{\"db\": {\"graphql\": true}}", "/db"),
                Arguments.of("db", "{\"db\": {\"connectionString\": \"x\"}, \"migrations\": {\"autoApply\": true}}", "/migrations"),
                Arguments.of("gateway", "{\"gateway\": {\"applications\": [{\"origin\": \"http://x\"}]}}", "/gateway/applications/0"),
                Arguments.of("composer", "{\"composer\": {\"services\": [{\"id\": \"a\", \"openapi\": {\"prefix\": \"/a\"}}]}}",
                        "/composer/services/0/openapi"),
                Arguments.of("service", "{\"service\": {\"openapi\": {\"ui\": \"no\"}}}", "/service/openapi/ui"));
    }

    @ParameterizedTest
    @MethodSource("invalidExamples")
    void invalidConfigurationFailsAtTheOffendingPlace(String kind, String json, String location) {
        List<Error> errors = validate(kind, parse(json));

        assertThat(errors).isNotEmpty();
        assertThat(locations(errors)).as(errors.toString()).contains(location);
    }

    @Test
    void unknownKeyIsReportedByNameOnItsObject() {
        List<Error> errors = validate("runtime", parse(
                "{\"services\": [{\"id\": \"api\", \"path\": \"api\"}], \"logger\": {\"lvel\": \"info\"}}"));

        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).getInstanceLocation().toString()).isEqualTo("/logger");
        assertThat(errors.get(0).getKeyword()).isEqualTo("additionalProperties");
        assertThat(errors.get(0).getProperty()).isEqualTo("lvel");
    }

    private static List<String> refs(JsonNode node) {
        List<String> refs = new ArrayList<>();
        collectRefs(node, refs);
        return refs;
    }

    private static void collectRefs(JsonNode node, List<String> refs) {
        if (node.isObject() && node.path("$ref").isTextual()) {
            refs.add(node.get("$ref").textValue());
        }
        node.forEach(child -> collectRefs(child, refs));
    }

    private static JsonNode localRefs(JsonNode schema) {
        return parse(schema.toString().replace("\"common.json#/$defs/", "\"#/$defs/"));
    }

    private static JsonNode withoutDescription(JsonNode schema) {
        JsonNode copy = schema.deepCopy();
        if (copy instanceof ObjectNode object) {
            object.remove("description");
        }
        return copy;
    }
}
