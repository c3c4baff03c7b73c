package dev.rt.kind.service.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/** Numbers as the reference's JavaScript converts them: {@code +"  12 "} is 12, {@code +"0x1f"} 31, {@code ""} none. */
final class JsNumbers {
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private JsNumbers() {
    }

    /** The number a non-empty numeric string means, or null when it is not one (or is empty, or infinite). */
    static Double parse(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return null;
        }
        try {
            if (t.length() > 2 && t.charAt(0) == '0' && "xXoObB".indexOf(t.charAt(1)) >= 0) {
                int radix = switch (Character.toLowerCase(t.charAt(1))) {
                    case 'x' -> 16;
                    case 'o' -> 8;
                    default -> 2;
                };
                return (double) Long.parseLong(t.substring(2), radix);
            }
            if (DECIMAL.matcher(t).matches()) {
                double value = Double.parseDouble(t);
                return Double.isInfinite(value) ? null : value;
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }

    /** An integral value as an integer node, any other as a decimal one. */
    static JsonNode node(double value) {
        if (value % 1 == 0 && Math.abs(value) <= 9.007199254740991E15) {
            return JsonNodeFactory.instance.numberNode((long) value);
        }
        return JsonNodeFactory.instance.numberNode(value);
    }

    /** How JavaScript prints a number: no {@code .0} on integers. */
    static String toText(JsonNode number) {
        if (number.isIntegralNumber()) {
            return number.asText();
        }
        double value = number.doubleValue();
        if (value % 1 == 0 && Math.abs(value) < 1e21) {
            return BigDecimal.valueOf(value).toBigInteger().toString();
        }
        return Double.toString(value);
    }
}
