package dev.rt.config.read;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * Refuses numbers no setting can hold: a literal beyond a 64-bit float (JSON's {@code 1E+400}) parses as an
 * infinity, and YAML has {@code .inf} and {@code .nan}. Left in the tree, they would reach the schema checks,
 * which cannot compare them.
 */
public final class FiniteNumbers {
    private FiniteNumbers() {
    }

    public static void check(Path file, JsonNode node, String pointer) {
        if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
            throw new ConfigException(ErrorCode.CONFIG_INVALID, file + ": " + (pointer.isEmpty() ? "/" : pointer)
                    + ": the number is out of range (" + node.asText() + "); use a number a 64-bit float holds");
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                check(file, node.get(i), pointer + "/" + i);
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                check(file, field.getValue(), pointer + "/" + field.getKey().replace("~", "~0").replace("/", "~1"));
            }
        }
    }
}
