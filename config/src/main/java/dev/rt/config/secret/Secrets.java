package dev.rt.config.secret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place that decides what a secret is and hides it: a field or variable whose name says it holds one
 * (password, secret, adminSecret, token, credential, authorization, cookie, a name ending in key...), the password of
 * a URL with user information ({@code postgres://user:pw@host}), a bearer token, and in text the value after an
 * {@code Authorization} header or a {@code secret=} pair. Each becomes {@value #REDACTED}. Hand-written: it is rt's
 * own policy of names.
 */
public final class Secrets {
    public static final String REDACTED = "[redacted]";

    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(passw(or)?d|passphrase|secret|token|credential|authorization|cookie|signature|dsn|connectionstring)"
                    + ".*|.*key");
    /** A URL's password, unless a kind has masked it already as {@code ***} (its own messages keep their form). */
    private static final Pattern URL_PASSWORD = Pattern.compile(
            "(\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/:@\\s]*:)(?!\\*+@)[^@/\\s]+@");
    /** Cheap test of a text before the patterns below run on it. */
    private static final Pattern SUSPECT = Pattern.compile(
            "(?i)passw|secret|token|authoriz|bearer|cookie|credential|key\"|key=|://[^/\\s]*@");
    private static final Pattern JSON_STRING_PAIR = Pattern.compile(
            "\"([^\"\\\\]{1,64})\"(\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Pattern HEADER = Pattern.compile(
            "(?i)\\b((?:proxy-)?authorization|x-rt-admin-secret|cookie)(\\s*[:=]\\s*)(?!\")([^\\r\\n\",}]+)");
    private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer\\s+)(?!\\[redacted])[A-Za-z0-9._~+/=-]+");
    private static final Pattern PAIR = Pattern.compile(
            "(?i)\\b([A-Za-z0-9_.-]*(?:password|passwd|secret|token|apikey|api_key))(\\s*=\\s*)"
                    + "(?!\\[redacted])([^\\s&,;\"]+)");

    private Secrets() {
    }

    /** Whether a field or variable of this name holds a secret. */
    public static boolean isSecretName(String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    /**
     * A redacted copy of a configuration: secret-named fields, URL passwords in any string and, with
     * {@code environment}, every value under an {@code env} field too (variables are where secrets are passed).
     */
    public static JsonNode redact(JsonNode config, boolean environment) {
        return walk(config.deepCopy(), false, environment);
    }

    /** Environment variables with the values of secret-named ones, and URL passwords in the others, redacted. */
    public static Map<String, String> redactEnvironment(Map<String, String> env) {
        Map<String, String> shown = new LinkedHashMap<>();
        env.forEach((name, value) -> shown.put(name, isSecretName(name) ? REDACTED : urls(value)));
        return shown;
    }

    /**
     * A line of text (a log message, or a JSON log line as written) with its secrets redacted: JSON string pairs
     * with a secret-named key, {@code Authorization}/{@code Cookie} header values, bearer tokens, {@code name=value}
     * pairs whose name says secret, and URL passwords. The same text when none is suspected (the common case).
     */
    public static String redactText(String text) {
        if (text.isEmpty() || !SUSPECT.matcher(text).find()) {
            return text;
        }
        Matcher pairs = JSON_STRING_PAIR.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (pairs.find()) {
            String replacement = isSecretName(pairs.group(1))
                    ? "\"" + pairs.group(1) + "\"" + pairs.group(2) + "\"" + REDACTED + "\"" : pairs.group();
            pairs.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        pairs.appendTail(out);
        String redacted = HEADER.matcher(out).replaceAll("$1$2" + REDACTED);
        redacted = BEARER.matcher(redacted).replaceAll("$1" + REDACTED);
        redacted = PAIR.matcher(redacted).replaceAll("$1$2" + REDACTED);
        return urls(redacted);
    }

    private static String urls(String text) {
        return URL_PASSWORD.matcher(text).replaceAll("$1" + REDACTED + "@");
    }

    private static JsonNode walk(JsonNode node, boolean secret, boolean environment) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                boolean hidden = secret || environment && field.getKey().equals("env")
                        || isSecretName(field.getKey());
                field.setValue(walk(field.getValue(), hidden, environment));
            }
            return object;
        }
        if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, walk(array.get(i), secret, environment));
            }
            return array;
        }
        if (secret && !node.isNull() && !node.isBoolean()) {
            return TextNode.valueOf(REDACTED);
        }
        if (node.isTextual()) {
            return TextNode.valueOf(urls(node.asText()));
        }
        return node;
    }
}
