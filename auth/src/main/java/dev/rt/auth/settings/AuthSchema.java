package dev.rt.auth.settings;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The JSON Schema of the authentication settings, {@code auth.json}: the kinds that serve HTTP hand it to rt's
 * configuration loader beside their own schema ({@code Kind.configSchemaDocuments()}) and refer to
 * {@code auth.json#/$defs/authorization}, or compose their section from its other definitions.
 */
public final class AuthSchema {
    /** The file name the kinds' schemas refer to. */
    public static final String FILE = "auth.json";

    private AuthSchema() {
    }

    /** The document, as JSON text. */
    public static String text() {
        try (InputStream in = AuthSchema.class.getResourceAsStream("/dev/rt/auth/" + FILE)) {
            if (in == null) {
                throw new IllegalStateException(FILE + " is missing from this rt build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FILE, e);
        }
    }
}
