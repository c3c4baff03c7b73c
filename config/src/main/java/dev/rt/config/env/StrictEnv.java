package dev.rt.config.env;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code runtime.strictEnv}: {@code true} refuses a configuration that references unset variables. */
public final class StrictEnv {
    private StrictEnv() {
    }

    /**
     * Applies {@code runtime.strictEnv} (the value as written, missing when absent): {@code true} refuses a
     * configuration that references unset variables, {@code "warn"} returns the same list as a warning. Either way,
     * {@code RT_<ID>_URL} variables resolved to the service's mesh URL are reported as replaced by a fallback, not as
     * missing. Any other value is left for validation to report, with the configuration's other errors.
     */
    public static List<String> check(Path file, JsonNode strict, PlaceholderResolver resolver) {
        boolean warn = strict.isTextual() && strict.textValue().equals("warn");
        boolean fail = strict.isBoolean() ? strict.booleanValue() : strict.isTextual() && strict.textValue().equals("true");
        if (!warn && !fail) {
            return List.of();
        }
        List<String> warnings = new ArrayList<>();
        if (!resolver.missing().isEmpty()) {
            String list = PlaceholderResolver.list(resolver.missing());
            if (fail) {
                throw new ConfigException(ErrorCode.MISSING_ENV_VARIABLES, file + ": the configuration references these "
                        + "environment variables, which are not set: " + list + " (set them, or add them to .env)");
            }
            warnings.add(file + ": the configuration references these environment variables, which are not set: " + list);
        }
        if (!resolver.replacedByFallback().isEmpty()) {
            warnings.add(file + ": the configuration references these environment variables, which are not set and "
                    + "have been replaced by a fallback value: " + PlaceholderResolver.list(resolver.replacedByFallback()));
        }
        return warnings;
    }
}
