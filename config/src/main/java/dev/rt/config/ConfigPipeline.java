package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.env.PlaceholderResolver;
import dev.rt.config.env.StrictEnv;
import dev.rt.config.env.WorkerPlaceholders;
import dev.rt.config.error.ConfigException;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.read.ConfigNode;
import dev.rt.config.schema.SchemaCatalog;
import dev.rt.config.schema.SchemaUpgrades;
import dev.rt.config.schema.SchemaUrl;
import dev.rt.config.schema.Violation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One configuration file from parsed tree to checked, defaulted tree: kind (from {@code $schema} or the
 * top-level key) → placeholders → {@code strictEnv} → upgrade to the current schema version → coercion of
 * placeholder strings → JSON Schema validation (every error at once) → defaults.
 */
final class ConfigPipeline {
    /**
     * A processed file: its kind, its tree with defaults, warnings to log (strictEnv "warn"), and where each string
     * came from ({@code origins}: a JSON pointer to {@code " (the value comes from {X}; X is not set)"} or "").
     */
    record Processed(Path file, ConfigKind kind, JsonNode tree, List<String> warnings, Function<String, String> origins) {
        /** The tree as the one reader of configuration sees it: each error names the placeholders it came from. */
        ConfigNode root() {
            return ConfigNode.root(file, tree, origins);
        }
    }

    private ConfigPipeline() {
    }

    static Processed process(Path file, JsonNode raw, Optional<ConfigKind> expected, Map<String, String> env,
            Collection<String> serviceIds) {
        ConfigNode root = ConfigNode.root(file, raw);
        Optional<SchemaUrl> url = schemaUrl(root);
        ConfigKind kind = kind(root, url, expected);

        PlaceholderResolver placeholders = new PlaceholderResolver(env, serviceIds,
                kind == ConfigKind.RUNTIME ? WorkerPlaceholders::workerValueAt : pointer -> false);
        JsonNode tree = placeholders.resolve(raw);
        List<String> warnings = new ArrayList<>(StrictEnv.check(file,
                ConfigNode.root(file, tree).get("runtime").get("strictEnv").json(), placeholders));

        tree = SchemaUpgrades.apply(kind, url.map(SchemaUrl::version).orElse(SchemaUrl.CURRENT_VERSION), (ObjectNode) tree);
        SchemaCatalog catalog = SchemaCatalog.get();
        catalog.coerce(kind, tree);
        List<Violation> violations = catalog.validate(kind, tree);
        if (!violations.isEmpty()) {
            throw ConfigException.invalid(violations.stream()
                    .map(v -> v.describe(file) + placeholders.origin(v.pointer()))
                    .collect(Collectors.joining("\n")));
        }
        catalog.applyDefaults(kind, tree);
        return new Processed(file, kind, tree, warnings, placeholders::origin);
    }

    /** The file's {@code $schema}, when it is an rt schema URL; refused at {@code /$schema} when rt cannot read it. */
    static Optional<SchemaUrl> schemaUrl(ConfigNode root) {
        ConfigNode schema = root.get("$schema");
        return schema.optionalString().flatMap(text -> SchemaUrl.parse(text, schema::error));
    }

    private static ConfigKind kind(ConfigNode root, Optional<SchemaUrl> url, Optional<ConfigKind> expected) {
        if (url.isPresent()) {
            ConfigKind declared = url.get().kind();
            if (expected.isPresent() && expected.get() != declared
                    && !(expected.get().isApplication() && declared.isApplication())) {
                throw root.get("$schema").error("declares a " + declared.key() + " configuration where a "
                        + expected.get().key() + " configuration is expected");
            }
            if (expected.isEmpty() && !declared.isApplication()) { // a service's own file (see ServiceEntryLoader)
                throw root.get("$schema").error("declares a " + declared.key() + " configuration where a service's own "
                        + "configuration is expected (" + oneOf(ConfigKind.applicationKeys(), "or") + ")");
            }
            return declared;
        }
        List<ConfigKind> keys = ConfigKind.values().stream()
                .filter(ConfigKind::isApplication).filter(k -> root.has(k.key())).toList();
        if (keys.size() == 1 && expected.map(ConfigKind::isApplication).orElse(true)) {
            return keys.get(0);
        }
        if (keys.size() > 1) {
            throw root.error("several application kinds (" + keys.stream().map(ConfigKind::key).collect(Collectors.joining(", "))
                    + "); keep exactly one");
        }
        return expected.filter(k -> !k.isApplication()).orElseThrow(() -> root.error("no application kind: expected "
                + "one of the top-level keys " + String.join(", ", ConfigKind.applicationKeys())
                + ", or a $schema naming the kind"));
    }

    /** {@code a, b, c or d}. */
    static String oneOf(List<String> words, String last) {
        return words.size() < 2 ? String.join("", words)
                : String.join(", ", words.subList(0, words.size() - 1)) + " " + last + " " + words.get(words.size() - 1);
    }
}
