package dev.rt.config.schema;

import dev.rt.config.install.ConfigKind;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code $schema} URLs: {@code https://schemas.rt.dev/<kind>/<version>.json}. They carry the configuration
 * kind and the schema version; {@code rt upgrade} rewrites them to {@link #CURRENT_VERSION}.
 */
public record SchemaUrl(ConfigKind kind, String version) {
    public static final String CURRENT_VERSION = "1.0.0";
    static final String PREFIX = "https://schemas.rt.dev/";
    private static final Pattern URL = Pattern.compile("https?://schemas\\.rt\\.dev/([a-z]+)/(\\d+\\.\\d+\\.\\d+)\\.json");

    public static SchemaUrl current(ConfigKind kind) {
        return new SchemaUrl(kind, CURRENT_VERSION);
    }

    /**
     * Parses an rt schema URL. Empty for a URL that is not rt's (an editor's local copy, say): such a file is
     * read by its top-level key and as the current version.
     *
     * @param refusal the exception for an rt URL with an unknown kind or a version newer than this rt, given what is
     *                wrong with it (the caller knows the file and the pointer)
     */
    public static Optional<SchemaUrl> parse(String text, Function<String, ? extends RuntimeException> refusal) {
        Matcher matcher = URL.matcher(text.strip());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        ConfigKind kind = ConfigKind.of(matcher.group(1)).orElseThrow(() -> refusal.apply("names an unknown configuration "
                + "kind \"" + matcher.group(1) + "\"; expected one of " + String.join(", ",
                        ConfigKind.values().stream().map(ConfigKind::key).toList())));
        String version = matcher.group(2);
        if (compare(version, CURRENT_VERSION) > 0) {
            throw refusal.apply("schema version " + version + " is newer than this rt understands (" + CURRENT_VERSION
                    + "); upgrade rt");
        }
        return Optional.of(new SchemaUrl(kind, version));
    }

    public String url() {
        return PREFIX + kind.key() + "/" + version + ".json";
    }

    static int compare(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < 3; i++) {
            int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
