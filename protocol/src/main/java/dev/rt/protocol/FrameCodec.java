package dev.rt.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Turns messages into frames and back. A frame is a 4-byte big-endian unsigned payload length followed
 * by that many bytes of UTF-8 JSON: one object with {@code "v"} (the protocol version), {@code "type"}
 * (the message name) and the message's fields. See docs/architecture.md for the byte layout.
 */
public final class FrameCodec {
    public static final int HEADER_BYTES = 4;

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES, true);

    private static final byte[] VERSION_PREFIX = ("{\"v\":" + Protocol.VERSION + ",")
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private FrameCodec() {
    }

    /** The whole frame, header included. */
    public static byte[] encode(Message message) {
        byte[] payload = encodePayload(message);
        if (payload.length > Protocol.MAX_FRAME_BYTES) {
            throw new ProtocolException("cannot send a " + payload.length + "-byte frame: the maximum is "
                    + Protocol.MAX_FRAME_BYTES + " bytes");
        }
        return ByteBuffer.allocate(HEADER_BYTES + payload.length).putInt(payload.length).put(payload).array();
    }

    /** The JSON payload alone, without the length header. */
    public static byte[] encodePayload(Message message) {
        byte[] fields;
        try {
            fields = MAPPER.writeValueAsBytes(message); // {"type":"...",...}: never empty
        } catch (JsonProcessingException e) {
            throw new ProtocolException("cannot encode " + message.getClass().getSimpleName(), e);
        }
        // "v" spliced in front of the message's own fields: no tree in between (a span batch holds hundreds)
        byte[] payload = new byte[VERSION_PREFIX.length + fields.length - 1];
        System.arraycopy(VERSION_PREFIX, 0, payload, 0, VERSION_PREFIX.length);
        System.arraycopy(fields, 1, payload, VERSION_PREFIX.length, fields.length - 1);
        return payload;
    }

    /** Decodes one payload; throws {@link ProtocolException} when it is not a message of this version. */
    public static Message decodePayload(byte[] payload) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(payload);
        } catch (java.io.IOException e) {
            throw new ProtocolException("malformed frame: not JSON (" + firstLine(e.getMessage()) + ")");
        }
        if (tree == null || !tree.isObject()) {
            throw new ProtocolException("malformed frame: expected a JSON object, found "
                    + (tree == null ? "nothing" : tree.getNodeType().name().toLowerCase()));
        }
        JsonNode version = tree.get("v");
        if (version == null || !version.isInt()) {
            throw new ProtocolException("malformed frame: no protocol version \"v\"");
        }
        if (version.intValue() != Protocol.VERSION) {
            throw new ProtocolException("protocol version " + version.intValue() + " is not supported (this side speaks "
                    + Protocol.VERSION + "); use the rt worker agent that comes with this supervisor");
        }
        ((ObjectNode) tree).remove("v");
        try {
            return MAPPER.treeToValue(tree, Message.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new ProtocolException("malformed frame: " + firstLine(e.getMessage()));
        }
    }

    /** Reads the length from the first four bytes of a frame header. */
    static long payloadLength(byte[] header) {
        return ByteBuffer.wrap(header).getInt() & 0xFFFF_FFFFL;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no detail";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
