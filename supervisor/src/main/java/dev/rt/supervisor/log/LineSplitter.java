package dev.rt.supervisor.log;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Cuts a byte stream into text lines at {@code \n} (a {@code \r} before it is dropped), never holding more
 * than {@link #MAX_LINE} bytes: a longer line is truncated there and ends with a marker saying how long it
 * was ({@code … [truncated: 1048576 bytes]}); the rest of it is skipped, not kept. Bytes are decoded as
 * UTF-8 with U+FFFD for invalid sequences; control characters other than tab become U+FFFD too, so binary
 * junk cannot break a JSON line or a terminal. Not thread-safe: one splitter per stream.
 */
final class LineSplitter {
    static final int MAX_LINE = 64 * 1024;

    private final Consumer<String> lines;
    private final byte[] line = new byte[MAX_LINE];
    private int length;
    private long dropped;

    LineSplitter(Consumer<String> lines) {
        this.lines = lines;
    }

    void write(byte[] bytes, int offset, int count) {
        int end = offset + count;
        int start = offset;
        for (int i = offset; i < end; i++) {
            if (bytes[i] == '\n') {
                append(bytes, start, i - start);
                emit();
                start = i + 1;
            }
        }
        append(bytes, start, end - start);
    }

    /** The end of the stream: a last line without its newline still counts. */
    void end() {
        if (length > 0 || dropped > 0) {
            emit();
        }
    }

    private void append(byte[] bytes, int offset, int count) {
        int room = MAX_LINE - length;
        int kept = Math.min(room, count);
        System.arraycopy(bytes, offset, line, length, kept);
        length += kept;
        dropped += count - kept;
    }

    private void emit() {
        int end = length;
        if (dropped == 0 && end > 0 && line[end - 1] == '\r') {
            end--;
        }
        String text;
        if (dropped > 0) {
            while (end > 0 && (line[end - 1] & 0xC0) == 0x80) {
                end--; // not into the middle of a character
            }
            if (end > 0 && (line[end - 1] & 0x80) != 0) {
                end--;
            }
            text = clean(new String(line, 0, end, StandardCharsets.UTF_8)) + " … [truncated: " + (length + dropped)
                    + " bytes]";
        } else {
            text = clean(new String(line, 0, end, StandardCharsets.UTF_8));
        }
        length = 0;
        dropped = 0;
        lines.accept(text);
    }

    private static String clean(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                char[] chars = text.toCharArray();
                for (int j = i; j < chars.length; j++) {
                    if ((chars[j] < 0x20 && chars[j] != '\t') || chars[j] == 0x7f) {
                        chars[j] = '\uFFFD';
                    }
                }
                return new String(chars);
            }
        }
        return text;
    }
}
