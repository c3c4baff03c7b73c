package dev.rt.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Turns messages into frames and back. A frame is a 4-byte big-endian unsigned payload length followed
 * by that many bytes of UTF-8 JSON: one object with {@code "v"} (the protocol version), {@code "type"}
 * (the message name) and the message's fields. See docs/architecture.md for the byte layout.
 */
public final class FrameCodec {
    public static final int HEADER_BYTES = 4;

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
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        try (JsonGenerator generator = JsonTrees.JSON.createGenerator(bytes)) {
            generator.writeStartObject();
            generator.writeNumberField("v", Protocol.VERSION);
            generator.writeStringField("type", MessageTypes.name(message.getClass()));
            RecordCodec.writeFields(generator, (Record) message);
            generator.writeEndObject();
        } catch (IOException e) {
            throw new ProtocolException("cannot encode " + message.getClass().getSimpleName(), e);
        }
        return bytes.toByteArray();
    }

    /** Decodes one payload; throws {@link ProtocolException} when it is not a message of this version. */
    public static Message decodePayload(byte[] payload) {
        JsonNode tree;
        try {
            tree = JsonTrees.parse(payload);
        } catch (IOException e) {
            throw new ProtocolException("malformed frame: not JSON (" + firstLine(e.getMessage()) + ")");
        }
        if (!tree.isObject()) {
            throw new ProtocolException("malformed frame: expected a JSON object, found "
                    + tree.getNodeType().name().toLowerCase());
        }
        JsonNode version = tree.get("v");
        if (version == null || !version.isInt()) {
            throw new ProtocolException("malformed frame: no protocol version \"v\"");
        }
        if (version.intValue() != Protocol.VERSION) {
            throw new ProtocolException("protocol version " + version.intValue() + " is not supported (this side speaks "
                    + Protocol.VERSION + "); use the rt worker agent that comes with this supervisor");
        }
        JsonNode type = tree.get("type");
        Class<? extends Message> record = type == null || !type.isTextual() ? null : MessageTypes.byName(type.textValue());
        if (record == null) {
            throw new ProtocolException("malformed frame: "
                    + (type == null ? "no message type \"type\"" : "unknown message type \"" + type.asText() + "\""));
        }
        try {
            return RecordCodec.read(tree, record);
        } catch (ProtocolException e) {
            throw new ProtocolException("malformed frame: " + e.getMessage());
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
