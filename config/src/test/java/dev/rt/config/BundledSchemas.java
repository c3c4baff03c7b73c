package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The schema documents as tests see them: read from the classpath, with {@code common.json}'s {@code $defs}
 * inlined into a kind document and {@code common.json#/$defs/x} rewritten to {@code #/$defs/x} (what the
 * loader's bundling does), compiled with the validator the loader uses.
 */
final class BundledSchemas {
    static final List<String> KINDS = List.of("runtime", "java", "service", "db", "gateway", "composer");
    static final ObjectMapper JSON = new ObjectMapper();
    private static final String COMMON_REF = "common.json#/$defs/";
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).build()));

    private BundledSchemas() {
    }

    /**
     * A schema file of this module ({@code common.json}, {@code runtime.json}, ...), an installed kind's schema, or that
     * of a kind module built after this one, from its sources.
     */
    static JsonNode read(String file) {
        try (InputStream in = BundledSchemas.class.getResourceAsStream("/dev/rt/config/schema/" + file)) {
            if (in != null) {
                return JSON.readTree(in);
            }
            String kind = file.replaceFirst("\\.json$", "");
            java.nio.file.Path source = java.nio.file.Path.of(System.getProperty("rt.testdata.dir"), "..", "kinds", kind,
                    "src/main/resources/dev/rt/kind", kind, "schema.json");
            if (Kinds.installed().find(kind).isEmpty() && java.nio.file.Files.isRegularFile(source)) {
                // a kind built after this module (db reads configurations with it): its schema from its sources
                return JSON.readTree(source.toFile());
            }
            return JSON.readTree(Kinds.installed().find(kind).orElseThrow(() -> new IllegalStateException("no schema "
                    + file + " on the classpath and no kind \"" + kind + "\" installed")).kind().configSchema());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode bundled(String kind) {
        ObjectNode document = (ObjectNode) read(kind + ".json").deepCopy();
        ObjectNode defs = document.has("$defs") ? (ObjectNode) document.get("$defs") : document.putObject("$defs");
        read("common.json").get("$defs").properties().forEach(def -> defs.putIfAbsent(def.getKey(), def.getValue().deepCopy()));
        rewriteRefs(document);
        return document;
    }

    /** One subschema of {@code file} on its own, with every shared definition it may refer to. */
    static Schema subschema(JsonNode subschema) {
        ObjectNode document = (ObjectNode) subschema.deepCopy();
        document.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        document.set("$defs", read("common.json").get("$defs").deepCopy());
        rewriteRefs(document);
        return REGISTRY.getSchema(document);
    }

    static Schema schema(String kind) {
        return REGISTRY.getSchema(bundled(kind));
    }

    static List<Error> validate(String kind, JsonNode instance) {
        return schema(kind).validate(instance);
    }

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void rewriteRefs(JsonNode node) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual() && ref.textValue().startsWith(COMMON_REF)) {
                object.set("$ref", TextNode.valueOf("#/$defs/" + ref.textValue().substring(COMMON_REF.length())));
            }
        }
        node.forEach(BundledSchemas::rewriteRefs);
    }
}
