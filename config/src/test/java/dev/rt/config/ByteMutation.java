package dev.rt.config;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One change to a file's bytes, at a position given as a fraction of its length so that it applies to any file:
 * flip bits, insert bytes, delete or duplicate a run, or cut the file short.
 */
record ByteMutation(Kind kind, double at, int length, byte[] bytes) {
    enum Kind { FLIP, INSERT, DELETE, DUPLICATE, TRUNCATE }

    byte[] apply(byte[] input) {
        int position = Math.min(input.length, (int) (at * input.length));
        int end = Math.min(input.length, position + length);
        ByteArrayOutputStream out = new ByteArrayOutputStream(input.length + bytes.length + length);
        out.write(input, 0, position);
        switch (kind) {
            case FLIP -> {
                for (int i = position; i < end; i++) {
                    out.write(input[i] ^ (bytes.length == 0 ? 0xff : bytes[i % bytes.length] | 1));
                }
                out.write(input, end, input.length - end);
            }
            case INSERT -> {
                out.write(bytes, 0, bytes.length);
                out.write(input, position, input.length - position);
            }
            case DELETE -> out.write(input, end, input.length - end);
            case DUPLICATE -> {
                out.write(input, position, end - position);
                out.write(input, position, input.length - position);
            }
            case TRUNCATE -> {
            }
        }
        return out.toByteArray();
    }

    @Override
    public String toString() {
        return kind + "@" + String.format("%.3f", at) + (kind == Kind.INSERT || kind == Kind.FLIP
                ? " " + new String(bytes, StandardCharsets.UTF_8).replace("\n", "\\n") : " x" + length);
    }
}
