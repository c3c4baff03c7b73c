package dev.rt.kind.service.validation;

import dev.rt.kind.service.config.ConfigValues;
import java.util.Map;

/**
 * How requests are validated ({@code server.ajv.customOptions}): {@code coerceTypes} ({@code "array"} by default:
 * scalars between each other and to and from one-element arrays; {@code true} scalars only; {@code false} none),
 * {@code useDefaults} (true), {@code removeAdditional} ({@code true}: properties a schema forbids with
 * {@code additionalProperties: false} are dropped; {@code "all"}: every property the schema does not name;
 * {@code false}: they are errors) and {@code allErrors} (false: the first error only).
 */
public record ValidationOptions(Coercion coerceTypes, boolean useDefaults, String removeAdditional, boolean allErrors) {
    public enum Coercion { NONE, SCALARS, ARRAYS }

    public static final ValidationOptions DEFAULTS = new ValidationOptions(Coercion.ARRAYS, true, "true", false);

    public static ValidationOptions from(Map<String, Object> custom) {
        Object coerce = custom.getOrDefault("coerceTypes", "array");
        Coercion coercion = "array".equals(coerce) ? Coercion.ARRAYS
                : Boolean.TRUE.equals(coerce) ? Coercion.SCALARS : Coercion.NONE;
        Object remove = custom.getOrDefault("removeAdditional", true);
        return new ValidationOptions(coercion, ConfigValues.flag(custom, "useDefaults", true),
                remove instanceof Boolean b ? b.toString() : String.valueOf(remove),
                ConfigValues.flag(custom, "allErrors", false));
    }
}
