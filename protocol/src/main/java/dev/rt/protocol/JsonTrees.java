package dev.rt.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * JSON trees read from and written to Jackson's streaming parser and generator directly, so that a worker never
 * builds an {@code ObjectMapper}: its serializers and bean introspection are most of what Jackson costs a JVM at
 * start, in time and in classes, and the protocol needs none of them.
 */
public final class JsonTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    static final JsonFactory JSON = new JsonFactory();

    private JsonTrees() {
    }

    /** The one JSON value {@code json} holds. */
    public static JsonNode parse(String json) throws IOException {
        return parse(JSON.createParser(json));
    }

    /** The one JSON value the UTF-8 bytes {@code json} hold. */
    static JsonNode parse(byte[] json) throws IOException {
        return parse(JSON.createParser(json));
    }

    private static JsonNode parse(JsonParser opened) throws IOException {
        try (JsonParser parser = opened) {
            if (parser.nextToken() == null) {
                throw new IOException("no JSON value");
            }
            JsonNode value = read(parser);
            if (parser.nextToken() != null) {
                throw new IOException("more than one JSON value");
            }
            return value;
        }
    }

    /** {@code node} as compact JSON text, as {@code JsonNode.toString()} writes it but without an ObjectMapper. */
    public static String toJson(JsonNode node) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = JSON.createGenerator(text)) {
            write(generator, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** The value at the parser's current token, which must have been read. */
    static JsonNode read(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.set(name, read(parser));
                }
                yield object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(read(parser));
                }
                yield array;
            }
            case VALUE_STRING -> NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new IOException("unexpected " + token + " at " + parser.currentLocation().getCharOffset());
        };
    }

    static void write(JsonGenerator generator, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                generator.writeStartObject();
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    generator.writeFieldName(field.getKey());
                    write(generator, field.getValue());
                }
                generator.writeEndObject();
            }
            case ARRAY -> {
                generator.writeStartArray();
                for (JsonNode element : node) {
                    write(generator, element);
                }
                generator.writeEndArray();
            }
            case STRING -> generator.writeString(node.textValue());
            case NUMBER -> writeNumber(generator, node);
            case BOOLEAN -> generator.writeBoolean(node.booleanValue());
            case BINARY -> generator.writeBinary(node.binaryValue());
            default -> generator.writeNull();
        }
    }

    private static void writeNumber(JsonGenerator generator, JsonNode node) throws IOException {
        switch (node.numberType()) {
            case INT -> generator.writeNumber(node.intValue());
            case LONG -> generator.writeNumber(node.longValue());
            case BIG_INTEGER -> generator.writeNumber(node.bigIntegerValue());
            case BIG_DECIMAL -> generator.writeNumber(node.decimalValue());
            case FLOAT -> generator.writeNumber(node.floatValue());
            default -> generator.writeNumber(node.doubleValue());
        }
    }
}
