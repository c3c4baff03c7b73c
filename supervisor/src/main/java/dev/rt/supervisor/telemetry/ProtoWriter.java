package dev.rt.supervisor.telemetry;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Protocol Buffers wire format into a growing byte array, with the canonical encoding a protobuf library writes:
 * shortest varints, and nested messages whose length is patched in when they end ({@link #begin}, {@link #end}).
 * Fields with their type's default value are the caller's to leave out, as proto3 does.
 */
final class ProtoWriter {
    private static final int VARINT = 0;
    private static final int FIXED64 = 1;
    private static final int LENGTH_DELIMITED = 2;
    private static final int FIXED32 = 5;
    private static final int LENGTH_ROOM = 5; // the longest varint of an int

    private static final int INITIAL = 64 * 1024;
    private static final int KEPT = 4 * 1024 * 1024;

    private byte[] bytes = new byte[INITIAL];
    private int size;

    /** Forgets what was written, keeping the array unless an unusual batch made it large. */
    void reset() {
        size = 0;
        if (bytes.length > KEPT) {
            bytes = new byte[INITIAL];
        }
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    int size() {
        return size;
    }

    /** The array written into: its first {@link #size} bytes, until the next write. */
    byte[] array() {
        return bytes;
    }

    /** Appends what {@code other} holds, as it is. */
    void append(ProtoWriter other) {
        room(other.size);
        System.arraycopy(other.bytes, 0, bytes, size, other.size);
        size += other.size;
    }

    /** Appends bytes already encoded ({@link #encoded}). */
    void raw(byte[] encoded) {
        room(encoded.length);
        System.arraycopy(encoded, 0, bytes, size, encoded.length);
        size += encoded.length;
    }

    /** What {@code write} writes to a new writer, as bytes to {@link #raw} again and again. */
    static byte[] encoded(java.util.function.Consumer<ProtoWriter> write) {
        ProtoWriter writer = new ProtoWriter();
        write.accept(writer);
        return writer.toByteArray();
    }

    /**
     * A {@code KeyValue} message as field {@code field} with a string value: {@code key} is the key's field 1 already
     * encoded ({@link #encoded}); the lengths are computed ahead, so nothing moves.
     */
    void stringAttribute(int field, byte[] key, String value) {
        byte[] utf8 = nonAscii(value);
        int length = utf8 == null ? value.length() : utf8.length;
        int any = 1 + varintSize(length) + length;
        tag(field, LENGTH_DELIMITED);
        varint(key.length + 1 + varintSize(any) + any);
        raw(key);
        tag(2, LENGTH_DELIMITED);
        varint(any);
        tag(1, LENGTH_DELIMITED);
        varint(length);
        text(value, utf8, length);
    }

    /** A {@code KeyValue} message with an integer value; see {@link #stringAttribute}. */
    void longAttribute(int field, byte[] key, long value) {
        int any = 1 + varintSize(value);
        tag(field, LENGTH_DELIMITED);
        varint(key.length + 1 + varintSize(any) + any);
        raw(key);
        tag(2, LENGTH_DELIMITED);
        varint(any);
        varintField(3, value);
    }

    /** A {@code KeyValue} message with a boolean value; see {@link #stringAttribute}. */
    void boolAttribute(int field, byte[] key, boolean value) {
        tag(field, LENGTH_DELIMITED);
        varint(key.length + 4);
        raw(key);
        tag(2, LENGTH_DELIMITED);
        varint(2);
        boolField(2, value);
    }

    /** A bytes field of 8 bytes, {@code id} big-endian: a span id as its 16 hex digits say it. */
    void idField(int field, long id) {
        tag(field, LENGTH_DELIMITED);
        varint(8);
        putLong(id);
    }

    /** A bytes field of 16 bytes: a trace id, {@code high} then {@code low}, big-endian. */
    void idField(int field, long high, long low) {
        tag(field, LENGTH_DELIMITED);
        varint(16);
        putLong(high);
        putLong(low);
    }

    private void putLong(long value) {
        room(8);
        for (int i = 7; i >= 0; i--) {
            bytes[size++] = (byte) (value >>> (8 * i));
        }
    }

    /** {@code value}'s UTF-8 bytes when it is not plain ASCII; null when it is, each char then being its byte. */
    private static byte[] nonAscii(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) >= 0x80) {
                return value.getBytes(StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /** Writes the {@code length} bytes of {@code value}: {@code utf8} as {@link #nonAscii} gave it. */
    private void text(String value, byte[] utf8, int length) {
        room(length);
        if (utf8 != null) {
            System.arraycopy(utf8, 0, bytes, size, length);
            size += length;
        } else {
            for (int i = 0; i < length; i++) {
                bytes[size++] = (byte) value.charAt(i);
            }
        }
    }

    /** Starts nested message {@code field}; returns the mark {@link #end} takes. */
    int begin(int field) {
        tag(field, LENGTH_DELIMITED);
        room(LENGTH_ROOM);
        size += LENGTH_ROOM;
        return size;
    }

    /** Ends the nested message begun at {@code mark}, moving it up against its length's shortest varint. */
    void end(int mark) {
        int length = size - mark;
        int lengthSize = varintSize(length);
        int start = mark - LENGTH_ROOM;
        System.arraycopy(bytes, mark, bytes, start + lengthSize, length);
        size = start;
        varint(length);
        size += length;
    }

    void varintField(int field, long value) {
        tag(field, VARINT);
        varint(value);
    }

    void boolField(int field, boolean value) {
        varintField(field, value ? 1 : 0);
    }

    void fixed64Field(int field, long value) {
        tag(field, FIXED64);
        room(8);
        for (int i = 0; i < 8; i++) {
            bytes[size++] = (byte) (value >>> (8 * i));
        }
    }

    void fixed32Field(int field, int value) {
        tag(field, FIXED32);
        room(4);
        for (int i = 0; i < 4; i++) {
            bytes[size++] = (byte) (value >>> (8 * i));
        }
    }

    void doubleField(int field, double value) {
        fixed64Field(field, Double.doubleToRawLongBits(value));
    }

    void stringField(int field, String value) {
        byte[] utf8 = nonAscii(value);
        int length = utf8 == null ? value.length() : utf8.length;
        tag(field, LENGTH_DELIMITED);
        varint(length);
        text(value, utf8, length);
    }

    private void tag(int field, int wireType) {
        varint((long) field << 3 | wireType);
    }

    private void varint(long value) {
        room(10);
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        bytes[size++] = (byte) rest;
    }

    private static int varintSize(long value) {
        int count = 1;
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            rest >>>= 7;
            count++;
        }
        return count;
    }

    private void room(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
