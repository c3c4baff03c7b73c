package dev.rt.config.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.install.InstalledKind;
import dev.rt.config.install.Kinds;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON Schema documents of every configuration kind, bundled and compiled once, and what the loader does with
 * them: coerce placeholder strings to the types the schema expects, validate, fill in defaults. The runtime's document
 * beside this class and the kinds' own share rt's definitions through {@code common.json}, and a kind may refer to
 * another's ({@link dev.rt.kind.Kind#configSchemaDocuments()}); bundling copies what each document reaches into it,
 * so that what {@code rt schema config} prints is exactly what validation uses, with no reference to resolve.
 */
public final class SchemaCatalog {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String COMMON = "common.json";
    private static final SchemaCatalog INSTANCE = new SchemaCatalog();

    private final Map<ConfigKind, JsonNode> documents = new HashMap<>();
    private final Map<ConfigKind, Schema> compiled = new HashMap<>();
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    public static SchemaCatalog get() {
        return INSTANCE;
    }

    /**
     * The self-contained schema document of a kind, as printed by {@code rt schema config}: the runtime's ships with
     * this module, an installed kind brings its own and the documents it refers to ({@link SchemaBundle}).
     */
    public synchronized JsonNode document(ConfigKind kind) {
        return documents.computeIfAbsent(kind, SchemaCatalog::bundled);
    }

    private static JsonNode bundled(ConfigKind kind) {
        Map<String, JsonNode> referred = new HashMap<>();
        referred.put(COMMON, read(COMMON));
        Optional<InstalledKind> installed = kind.isApplication() ? Kinds.installed().find(kind.key()) : Optional.empty();
        if (installed.isEmpty()) {
            return SchemaBundle.of(read(kind.key() + ".json"), referred);
        }
        installed.get().kind().configSchemaDocuments().forEach((file, text) -> referred.put(file, parse(kind, text)));
        try {
            return SchemaBundle.of(parse(kind, installed.get().kind().configSchema()), referred);
        } catch (IllegalStateException e) {
            throw new RtException(ErrorCode.KIND_BROKEN, "the configuration schema of the kind \"" + kind.key()
                    + "\" is broken: " + e.getMessage() + "; reinstall rt");
        }
    }

    private static JsonNode parse(ConfigKind kind, String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new RtException(ErrorCode.KIND_BROKEN, "the configuration schema of the kind \"" + kind.key()
                    + "\" is not JSON: " + e.getMessage() + "; reinstall rt");
        }
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
