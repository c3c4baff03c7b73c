package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.rt.config.error.ConfigException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The only two ways loading may end, whatever the input: a configuration, or a {@link ConfigException} (exit
 * status 3) whose every line starts with the file at fault, then a line and column (parse errors, .env lines) or a
 * JSON pointer (everything the configuration's content is refused for). Anything else, an exception of another
 * type, an {@link Error} such as a stack overflow, or a load slower than {@link #LIMIT}, fails the caller.
 */
final class ConfigOutcome {
    static final Duration LIMIT = Duration.ofSeconds(5);
    /** {@code <absolute file>[:line[:column]]: <rest>} */
    private static final Pattern LOCATED = Pattern.compile("(/[^:\\n]+)((?::\\d+){0,2}): (.*)", Pattern.DOTALL);

    private ConfigOutcome() {
    }

    /** Loads {@code file} from {@code cwd}; a refusal must name a file under {@code within}. */
    static Optional<RuntimeConfig> load(Path cwd, Path file, Map<String, String> env, Path within) {
        return assertTimeoutPreemptively(LIMIT, () -> {
            try {
                return Optional.of(new RuntimeConfigLoader(env, cwd).load(Optional.of(file)));
            } catch (ConfigException e) {
                assertNamesFileAndWhere(e, within);
                return Optional.<RuntimeConfig>empty();
            }
        }, () -> "loading " + file + " took longer than " + LIMIT);
    }

    static void assertNamesFileAndWhere(ConfigException e, Path within) {
        assertThat(e.code()).as("code of: %s", e.getMessage())
                .matches(code -> code.startsWith("RT_CONFIG_") || code.equals("RT_MISSING_ENV_VARIABLES"));
        for (String line : e.getMessage().split("\n", -1)) {
            Matcher located = LOCATED.matcher(line);
            assertThat(located.matches()).as("starts with a file: %s", line).isTrue();
            assertThat(Path.of(located.group(1))).as("the file of: %s", line).startsWith(within).isRegularFile();
            // a parser may not know where a limit was hit (TOML's nesting depth); every other refusal says where
            boolean wholeFile = e.code().equals("RT_MISSING_ENV_VARIABLES") || e.code().equals("RT_CONFIG_UNKNOWN_FORMAT")
                    || e.code().equals("RT_CONFIG_PARSE_ERROR") || e.code().equals("RT_CONFIG_TOO_LARGE") || located.group(3).equals("the configuration file is empty");
            if (located.group(2).isEmpty() && !wholeFile) {
                assertThat(located.group(3)).as("names a JSON pointer: %s", line).startsWith("/");
            }
        }
    }
}
