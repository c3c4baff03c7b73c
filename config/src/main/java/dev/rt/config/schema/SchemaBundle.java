package dev.rt.config.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Makes one self-contained schema document of a kind's document and the documents it refers to: every
 * {@code "<file>#/$defs/<name>"} (and, inside a definition copied from {@code <file>}, every {@code "#/$defs/<name>"}
 * of that file) becomes {@code "#/$defs/<name>"}, and the definition is copied into the document's {@code $defs},
 * with those it reaches in turn. Only what the document reaches is copied, so that what {@code rt schema config}
 * prints is what validation uses. Definitions of one name from two documents must be the same: the bundled document
 * has one namespace. Hand-written because the validator resolves references but does not bundle them.
 */
public final class SchemaBundle {
    private static final String DEFS = "#/$defs/";
    private static final String OWN = "";

    private final Map<String, JsonNode> documents;
    private final ObjectNode defs;
    private final Map<String, String> origins = new HashMap<>();
    private final Deque<Copied> pending = new ArrayDeque<>();

    private record Copied(JsonNode node, String file) {
    }

    private SchemaBundle(Map<String, JsonNode> documents, ObjectNode defs) {
        this.documents = documents;
        this.defs = defs;
    }

    /**
     * @param document  the kind's own document
     * @param documents the documents it may refer to, by file name ({@code common.json}, {@code service.json}...)
     * @throws IllegalStateException when a reference names no definition, or two documents define one name apart
     */
    public static JsonNode of(JsonNode document, Map<String, JsonNode> documents) {
        ObjectNode bundled = document.deepCopy();
        ObjectNode defs = bundled.has("$defs") ? (ObjectNode) bundled.get("$defs") : bundled.putObject("$defs");
        SchemaBundle bundle = new SchemaBundle(documents, defs);
        defs.fields().forEachRemaining(def -> {
            bundle.origins.put(def.getKey(), OWN);
            bundle.pending.add(new Copied(def.getValue(), OWN));
        });
        bundled.fields().forEachRemaining(field -> {
            if (!field.getKey().equals("$defs")) {
                bundle.pending.add(new Copied(field.getValue(), OWN));
            }
        });
        while (!bundle.pending.isEmpty()) {
            Copied next = bundle.pending.pop();
            bundle.rewrite(next.node(), next.file());
        }
        if (defs.isEmpty()) {
            bundled.remove("$defs");
        }
        return bundled;
    }

    private void rewrite(JsonNode node, String file) {
        if (node instanceof ObjectNode object && object.get("$ref") instanceof TextNode ref) {
            String text = ref.textValue();
            int hash = text.indexOf('#');
            String target = hash == 0 ? file : hash > 0 ? text.substring(0, hash) : null;
            if (target != null && text.startsWith(DEFS, hash)) {
                String name = text.substring(hash + DEFS.length());
                object.put("$ref", DEFS + name);
                include(target, name, text);
            }
        }
        node.forEach(child -> rewrite(child, file));
    }

    private void include(String file, String name, String ref) {
        String origin = origins.get(name);
        if (file.equals(origin)) {
            return;
        }
        if (file.equals(OWN)) {
            throw new IllegalStateException("the schema refers to " + ref + ", which it does not define");
        }
        JsonNode document = documents.get(file);
        JsonNode definition = document == null ? null : document.path("$defs").get(name);
        if (definition == null) {
            throw new IllegalStateException("the schema refers to " + ref + ", and " + (document == null
                    ? file + " is not among the documents it names" : file + " defines no " + name));
        }
        if (origin != null) {
            throw new IllegalStateException("two schema documents define " + name + ": " + (origin.equals(OWN)
                    ? "the kind's own" : origin) + " and " + file + "; rename one");
        }
        JsonNode copy = definition.deepCopy();
        defs.set(name, copy);
        origins.put(name, file);
        pending.add(new Copied(copy, file));
    }
}
