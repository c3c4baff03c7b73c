package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One change to a parsed configuration tree: replace or remove the {@code at}-th value (depth first, modulo the
 * count), or add {@code key} with {@code value} to the {@code at}-th object (or {@code value} to an array).
 */
record TreeEdit(Kind kind, int at, String key, JsonNode value) {
    enum Kind { REPLACE, REMOVE, ADD }

    /** A value's place: its container and its key in it (a field name, or an index for arrays). */
    private record Slot(JsonNode container, String field, int index) {
    }

    void apply(ObjectNode root) {
        if (kind == Kind.ADD) {
            List<JsonNode> containers = new ArrayList<>(List.of(root));
            slots(root).stream().map(slot -> child(slot)).filter(JsonNode::isContainerNode).forEach(containers::add);
            JsonNode container = containers.get(Math.floorMod(at, containers.size()));
            if (container instanceof ObjectNode object) {
                object.set(key, value.deepCopy());
            } else {
                ((ArrayNode) container).add(value.deepCopy());
            }
            return;
        }
        List<Slot> slots = slots(root);
        if (slots.isEmpty()) {
            root.set(key, value.deepCopy());
            return;
        }
        Slot slot = slots.get(Math.floorMod(at, slots.size()));
        if (slot.container() instanceof ObjectNode object) {
            if (kind == Kind.REMOVE) {
                object.remove(slot.field());
            } else {
                object.set(slot.field(), value.deepCopy());
            }
        } else {
            ArrayNode array = (ArrayNode) slot.container();
            if (kind == Kind.REMOVE) {
                array.remove(slot.index());
            } else {
                array.set(slot.index(), value.deepCopy());
            }
        }
    }

    private static JsonNode child(Slot slot) {
        return slot.field() == null ? slot.container().get(slot.index()) : slot.container().get(slot.field());
    }

    private static List<Slot> slots(JsonNode node) {
        List<Slot> slots = new ArrayList<>();
        collect(node, slots);
        return slots;
    }

    private static void collect(JsonNode node, List<Slot> slots) {
        if (node.isObject()) {
            node.fieldNames().forEachRemaining(name -> {
                slots.add(new Slot(node, name, -1));
                collect(node.get(name), slots);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                slots.add(new Slot(node, null, i));
                collect(node.get(i), slots);
            }
        }
    }
}
