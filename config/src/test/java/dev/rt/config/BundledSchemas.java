package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import dev.rt.config.install.Kinds;
import dev.rt.config.schema.SchemaBundle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The schema documents as tests see them: read from the classpath (a kind's from its installed jars, or from its
 * sources when it is built after this module), bundled with the documents they refer to as the loader bundles them
 * ({@link SchemaBundle}), compiled with the validator the loader uses.
 */
final class BundledSchemas {
    static final List<String> KINDS = List.of("runtime", "java", "service", "db", "gateway", "composer");
    /** Every schema file: rt's shared definitions and each kind's document. */
    static final List<String> FILES = List.of("common.json", "runtime.json", "java.json", "service.json", "db.json",
            "gateway.json", "composer.json");
    static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).build()));

    private BundledSchemas() {
    }

    /**
     * A schema file of this module ({@code common.json}, {@code runtime.json}), a kind's {@code schema.json} from its
     * module's sources, or an installed kind's schema.
     */
    static JsonNode read(String file) {
        try (InputStream in = BundledSchemas.class.getResourceAsStream("/dev/rt/config/schema/" + file)) {
            if (in != null) {
                return JSON.readTree(in);
            }
            String kind = file.replaceFirst("\\.json$", "");
            Path source = Path.of(System.getProperty("rt.testdata.dir"), "..", "kinds", kind,
                    "src/main/resources/dev/rt/kind", kind, "schema.json");
            if (Files.isRegularFile(source)) {
                // its sources: a kind built after this module (db reads configurations with it) may be installed from
                // an earlier build
                return JSON.readTree(source.toFile());
            }
            return JSON.readTree(Kinds.installed().find(kind).orElseThrow(() -> new IllegalStateException("no schema "
                    + file + " on the classpath and no kind \"" + kind + "\" installed")).kind().configSchema());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The documents a kind's document may refer to: rt's shared definitions, the service kind's and the gateway's. */
    static Map<String, JsonNode> referable() {
        return Map.of("common.json", read("common.json"), "service.json", read("service.json"), "gateway.json",
                read("gateway.json"));
    }

    static JsonNode bundled(String kind) {
        return SchemaBundle.of(read(kind + ".json"), referable());
    }

    /**
     * One subschema of {@code file} on its own, with every definition it may refer to: those of {@code file} and those
     * of the documents it refers to.
     */
    static Schema subschema(JsonNode subschema, String file) {
        ObjectNode document = (ObjectNode) subschema.deepCopy();
        document.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        if (read(file).has("$defs")) {
            document.set("$defs", read(file).get("$defs").deepCopy());
        }
        return REGISTRY.getSchema(SchemaBundle.of(document, referable()));
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
}
