package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings reference ({@code docs/settings.md}) written from the schema documents: a table per configuration
 * (the runtime's, then each kind's) with a row per setting, its dotted path ({@code server.cors.origin},
 * {@code services[].id}, {@code env.<name>}), types, default and description. A definition documented in another
 * table (a kind's {@code runtime}: the runtime's settings; the service kind's {@code server} in a db service) is a row
 * that says where, not its settings again. Hand-written: what it renders is rt's own reading of its schemas.
 */
final class SettingsReference {
    private static final String ANY = "any";
    /**
     * A configuration's table: its title, its schema file, what it says first, and which of the file's top-level
     * settings it has (empty: all of them) and leaves to another table.
     */
    record Section(String title, String file, String introduction, Set<String> only, Set<String> except) {
        boolean has(String topLevel) {
            return (only.isEmpty() || only.contains(topLevel)) && !except.contains(topLevel);
        }
    }

    /** A definition documented elsewhere: rows that refer to it say {@code see}. */
    record Elsewhere(String file, String definition, String see) {
    }

    private final Map<String, JsonNode> documents;
    private final List<Elsewhere> elsewhere;
    private final List<String> rows = new ArrayList<>();
    private final Map<String, String> expanded = new HashMap<>();
    private Section current;
    private final List<String> undescribed = new ArrayList<>();

    /**
     * @param documents every schema file by name ({@code common.json}, {@code runtime.json}, {@code service.json}...)
     * @param elsewhere the definitions that kinds' tables refer to rather than repeat
     */
    SettingsReference(Map<String, JsonNode> documents, List<Elsewhere> elsewhere) {
        this.documents = documents;
        this.elsewhere = elsewhere;
    }

    /** The Markdown of these sections, after {@code header}. */
    String markdown(String header, List<Section> sections) {
        StringBuilder out = new StringBuilder(header);
        for (Section section : sections) {
            rows.clear();
            expanded.clear();
            JsonNode document = documents.get(section.file());
            current = section;
            walk("", document, section.file(), new LinkedHashSet<>(), section.file());
            out.append("\n## ").append(section.title()).append("\n\n").append(section.introduction()).append("\n\n")
                    .append(section.only().isEmpty() ? text(document.path("description")) + "\n\n" : "")
                    .append("| setting | type | default | description |\n|---|---|---|---|\n");
            rows.forEach(row -> out.append(row).append('\n'));
        }
        return out.toString();
    }

    /** The settings that have no description, as {@code <file>: <path>}, in the last {@link #markdown}. */
    List<String> undescribed() {
        return List.copyOf(undescribed);
    }

    private void walk(String prefix, JsonNode schema, String file, Set<String> path, String section) {
        Resolved object = resolve(schema, file);
        for (Resolved alternative : alternatives(object)) {
            alternative.schema().path("properties").properties().forEach(property -> {
                if (!property.getKey().equals("$schema") && (!prefix.isEmpty() || current.has(property.getKey()))) {
                    setting(prefix + property.getKey(), property.getValue(), alternative.file(), path, section);
                }
            });
            JsonNode additional = alternative.schema().path("additionalProperties");
            if (additional.isObject()) {
                walkInside(prefix + "<name>", additional, alternative.file(), path, section);
            }
        }
    }

    private void setting(String name, JsonNode schema, String file, Set<String> path, String section) {
        Resolved target = resolve(schema, file);
        String description = text(schema.has("description") ? schema.get("description")
                : target.schema().path("description"));
        JsonNode fallback = schema.has("default") ? schema.get("default") : target.schema().get("default");
        String see = section.equals("runtime.json") ? null : elsewhere.stream().filter(e -> !e.file().equals(section)
                && e.file().equals(target.file()) && e.definition().equals(target.definition()))
                .map(Elsewhere::see).findFirst().orElse(null);
        String definition = target.file() + "#" + target.definition();
        if (see == null && !target.definition().isEmpty() && expanded.containsKey(definition)) {
            see = "`" + expanded.get(definition) + "`"; // documented at the first place that has it
        }
        if (see != null) {
            description = (description.isEmpty() ? "" : description + " ") + "See " + see + ".";
        }
        if (description.isEmpty()) {
            undescribed.add(file + ": " + name);
        }
        rows.add("| `" + name + "` | " + type(schema, file) + " | " + (fallback == null ? "" : "`" + fallback + "`")
                + " | " + cell(description) + " |");
        if (see == null) {
            if (!target.definition().isEmpty() && hasSettings(target, 0)) {
                expanded.put(definition, name);
            }
            walkInside(name, schema, file, path, section);
        }
    }

    private void walkInside(String name, JsonNode schema, String file, Set<String> path, String section) {
        Resolved target = resolve(schema, file);
        String key = target.file() + "#" + target.definition();
        if (!target.definition().isEmpty() && !path.add(key)) {
            return; // a definition inside itself
        }
        walk(name + ".", schema, file, path, section);
        boolean objectForm = alternatives(target).stream().anyMatch(SettingsReference::describesObject);
        for (Resolved alternative : objectForm ? List.<Resolved>of() : alternatives(target)) {
            JsonNode items = alternative.schema().path("items");
            if (items.isObject() && alternatives(resolve(items, alternative.file())).stream()
                    .anyMatch(SettingsReference::describesObject)) {
                walk(name + "[].", items, alternative.file(), path, section);
            }
        }
        path.remove(key);
    }

    /** {@code boolean or object}, {@code array of strings}, {@code "idle"}, {@code one of "GET", "HEAD"}. */
    private String type(JsonNode schema, String file) {
        Resolved resolved = resolve(schema, file);
        JsonNode s = resolved.schema();
        if (s.has("const")) {
            return "`" + s.get("const") + "`";
        }
        if (s.has("enum")) {
            List<String> values = new ArrayList<>();
            s.get("enum").forEach(value -> values.add("`" + value + "`"));
            return "one of " + String.join(", ", values);
        }
        Set<String> types = new LinkedHashSet<>();
        boolean map = s.path("additionalProperties").isObject() && s.path("properties").isEmpty();
        for (String type : types(s.path("type"))) {
            types.add(type.equals("array") && s.has("items") ? "array of " + type(s.get("items"), resolved.file())
                    : type.equals("object") && map ? "map of " + type(s.get("additionalProperties"), resolved.file())
                    : type);
        }
        for (String combinator : List.of("anyOf", "oneOf")) {
            s.path(combinator).forEach(branch -> {
                String type = type(branch, resolved.file());
                if (!type.equals(ANY)) { // a branch that only constrains ({"required": [...]})
                    types.add(type);
                }
            });
        }
        if (types.isEmpty() && (s.has("properties") || s.has("additionalProperties"))) {
            types.add("object");
        }
        return types.isEmpty() ? ANY : String.join(" or ", types);
    }

    private static List<String> types(JsonNode type) {
        List<String> types = new ArrayList<>();
        if (type.isTextual()) {
            types.add(type.textValue());
        }
        type.forEach(t -> types.add(t.textValue()));
        return types;
    }

    /** A schema with the file it is in and the definition it is (empty for an inline one), its $refs followed. */
    private record Resolved(JsonNode schema, String file, String definition) {
    }

    private Resolved resolve(JsonNode schema, String file) {
        Resolved current = new Resolved(schema, file, "");
        for (int hops = 0; hops < 16 && current.schema().path("$ref").isTextual(); hops++) {
            String ref = current.schema().get("$ref").textValue();
            int hash = ref.indexOf('#');
            String target = hash == 0 ? current.file() : ref.substring(0, hash);
            String definition = ref.substring(ref.lastIndexOf('/') + 1);
            current = new Resolved(documents.get(target).path("$defs").path(definition), target, definition);
        }
        return current;
    }

    /** The schema itself and the branches of its anyOf/oneOf that describe objects or arrays, resolved. */
    private List<Resolved> alternatives(Resolved schema) {
        List<Resolved> out = new ArrayList<>(List.of(schema));
        for (String combinator : List.of("anyOf", "oneOf")) {
            schema.schema().path(combinator).forEach(branch -> out.addAll(alternatives(resolve(branch, schema.file()))));
        }
        return out;
    }

    /** Whether a schema has settings of its own: rows below it, which a second place that has it refers to. */
    private boolean hasSettings(Resolved schema, int depth) {
        return depth < 8 && alternatives(schema).stream().anyMatch(a -> !a.schema().path("properties").isEmpty()
                || a.schema().path("additionalProperties").isObject()
                        && hasSettings(resolve(a.schema().get("additionalProperties"), a.file()), depth + 1)
                || a.schema().path("items").isObject() && hasSettings(resolve(a.schema().get("items"), a.file()), depth + 1));
    }

    private static boolean describesObject(Resolved schema) {
        return !schema.schema().path("properties").isEmpty() || schema.schema().path("additionalProperties").isObject();
    }

    private static String text(JsonNode description) {
        return description.asText("").strip();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
