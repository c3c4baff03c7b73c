package dev.rt.config.schema;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.rt.config.install.ConfigKind;

/**
 * Brings a configuration written for an older schema version up to the current one before validation, one
 * migration per version step. Version 1.0.0 is the first, so the only step today is stamping the current
 * {@code $schema}; later versions add their migrations here in order.
 */
public final class SchemaUpgrades {
    private SchemaUpgrades() {
    }

    public static ObjectNode apply(ConfigKind kind, String fromVersion, ObjectNode tree) {
        if (tree.has("$schema") && SchemaUrl.compare(fromVersion, SchemaUrl.CURRENT_VERSION) < 0) {
            tree.set("$schema", TextNode.valueOf(SchemaUrl.current(kind).url()));
        }
        return tree;
    }
}
