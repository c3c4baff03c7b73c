package dev.rt.config.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.rt.config.ConfigKind;
import dev.rt.config.ErrorCode;
import dev.rt.config.InstalledKind;
import dev.rt.config.Kinds;
import dev.rt.config.RtException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON Schema documents of every configuration kind, bundled and compiled once, and what the loader does with
 * them: coerce placeholder strings to the types the schema expects, validate, fill in defaults. The documents beside
 * this class and the kinds' own schemas share definitions through {@code common.json}; bundling copies those into
 * each document so that what {@code rt schema config} prints is exactly what validation uses, with no reference to
 * resolve.
 */
public final class SchemaCatalog {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String COMMON_REF = "common.json#/$defs/";
    private static final SchemaCatalog INSTANCE = new SchemaCatalog();

    private final Map<ConfigKind, JsonNode> documents = new HashMap<>();
    private final Map<ConfigKind, Schema> compiled = new HashMap<>();
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    public static SchemaCatalog get() {
        return INSTANCE;
    }

    /**
     * The self-contained schema document of a kind, as printed by {@code rt schema config}: the runtime's and the
     * announced kinds' ship with this module, an installed kind brings its own.
     */
    public synchronized JsonNode document(ConfigKind kind) {
        return documents.computeIfAbsent(kind, k -> bundle(source(k), read("common.json")));
    }

    private static JsonNode source(ConfigKind kind) {
        if (kind.isApplication()) {
            Optional<InstalledKind> installed = Kinds.installed().find(kind.key());
            if (installed.isPresent()) {
                try {
                    return MAPPER.readTree(installed.get().kind().configSchema());
                } catch (IOException e) {
                    throw new RtException(ErrorCode.KIND_BROKEN, "the configuration schema of the kind \"" + kind.key()
                            + "\" is not JSON: " + e.getMessage() + "; reinstall rt");
                }
            }
        }
        return read(kind.key() + ".json");
    }

    /**
     * Turns strings into the numbers and booleans the kind's schema expects where it admits no string
     * ({@code "workers": "{RT_WORKERS}"} becomes {@code 3}), in place; see {@link SchemaCoercion}.
     */
    public void coerce(ConfigKind kind, JsonNode instance) {
        new SchemaCoercion(navigator(kind)).apply(instance, document(kind));
    }

    /** Every violation of the kind's schema, in document order; empty when the configuration is valid. */
    public List<Violation> validate(ConfigKind kind, JsonNode instance) {
        Schema schema;
        synchronized (this) {
            schema = compiled.computeIfAbsent(kind, k -> registry.getSchema(document(k)));
        }
        return ViolationMessages.describe(schema.validate(instance), document(kind));
    }

    /** Fills in the schema's defaults, in place, on a configuration that has passed {@link #validate}. */
    public void applyDefaults(ConfigKind kind, JsonNode instance) {
        new SchemaDefaults(navigator(kind)).apply(instance, document(kind));
    }

    private SchemaNavigator navigator(ConfigKind kind) {
        return new SchemaNavigator(document(kind));
    }

    static JsonNode bundle(JsonNode kindDocument, JsonNode common) {
        ObjectNode bundled = kindDocument.deepCopy();
        ObjectNode defs = bundled.has("$defs") ? (ObjectNode) bundled.get("$defs") : bundled.putObject("$defs");
        common.path("$defs").fields().forEachRemaining(def -> {
            if (!defs.has(def.getKey())) {
                defs.set(def.getKey(), def.getValue().deepCopy());
            }
        });
        rewriteRefs(bundled);
        return bundled;
    }

    private static void rewriteRefs(JsonNode node) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual() && ref.textValue().startsWith(COMMON_REF)) {
                object.set("$ref", TextNode.valueOf("#/$defs/" + ref.textValue().substring(COMMON_REF.length())));
            }
            object.elements().forEachRemaining(SchemaCatalog::rewriteRefs);
        } else if (node.isArray()) {
            node.elements().forEachRemaining(SchemaCatalog::rewriteRefs);
        }
    }

    private static JsonNode read(String name) {
        try (InputStream in = SchemaCatalog.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("schema " + name + " is missing from this rt build");
            }
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema " + name, e);
        }
    }
}
