package dev.rt.testdata.logs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code logger.formatters} class for the tests (JDK types only, as rt asks): the level as its upper-case
 * label beside its number, and the bindings under {@code host} with a {@code formatted} flag.
 */
public final class UpperCaseLevels {
    public Map<String, Object> level(String label, int number) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("level", number);
        fields.put("levelLabel", label.toUpperCase(java.util.Locale.ROOT));
        return fields;
    }

    public Map<String, Object> bindings(Map<String, Object> bindings) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("host", bindings.get("hostname"));
        fields.put("formatted", true);
        return fields;
    }
}
