package dev.rt.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The configuration as the dashboard shows it: the value of every field whose name says it holds a secret
 * (password, secret, token, credential, authorization, cookie, a name ending in key...) becomes {@value #REDACTED}, and so
 * does every value under {@code env} (variables are where secrets are passed), and the password of a URL with user
 * information ({@code postgres://user:pw@host}) in any string. The raw configuration never reaches the browser.
 */
final class ConfigRedaction {
    static final String REDACTED = "[redacted]";
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(passw(or)?d|passphrase|secret|token|credential|authorization|cookie|signature|dsn|connectionstring)"
                    + ".*|.*key");
    private static final Pattern URL_PASSWORD = Pattern.compile("(\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/:@\\s]*:)[^@/\\s]+@");

    private ConfigRedaction() {
    }

    /** A redacted copy; {@code config} is left as it was. */
    static JsonNode redact(JsonNode config) {
        JsonNode copy = config.deepCopy();
        return walk(copy, false);
    }

    private static JsonNode walk(JsonNode node, boolean secret) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                boolean hidden = secret || field.getKey().equals("env") || SECRET_NAME.matcher(field.getKey()).matches();
                field.setValue(walk(field.getValue(), hidden));
            }
            return object;
        }
        if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, walk(array.get(i), secret));
            }
            return array;
        }
        if (secret && !node.isNull() && !node.isBoolean()) {
            return TextNode.valueOf(REDACTED);
        }
        if (node.isTextual()) {
            return TextNode.valueOf(URL_PASSWORD.matcher(node.asText()).replaceAll("$1" + REDACTED + "@"));
        }
        return node;
    }
}
