package dev.rt.supervisor.config;

import java.nio.file.Path;

/** {@code runtime.strictEnv}: {@code true} refuses a configuration that references unset variables. */
final class StrictEnv {
    private StrictEnv() {
    }

    static void check(Path file, ConfigNode runtime, PlaceholderResolver resolver) {
        ConfigNode strict = runtime.get("strictEnv");
        if (strict.isMissing() || resolver.missing().isEmpty()) {
            return;
        }
        if (strict.json().isTextual() && strict.json().textValue().equals("warn")) {
            return; // the loader's caller logs PlaceholderResolver#missing
        }
        if (strict.bool(false)) {
            throw new ConfigException("RT_MISSING_ENV_VARIABLES", file + ": the configuration references these "
                    + "environment variables, which are not set: " + PlaceholderResolver.list(resolver.missing())
                    + " (set them, or add them to .env)");
        }
    }
}
