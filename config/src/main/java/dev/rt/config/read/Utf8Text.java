package dev.rt.config.read;

import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The text of a configuration or {@code .env} file. Bytes that are not UTF-8 are refused with their line and column,
 * rather than silently replaced (as a plain {@code new String} would) or reported at a wrong place by a parser.
 */
public final class Utf8Text {
    private Utf8Text() {
    }

    /** @param refusal what the message says could not be done, for example {@code cannot parse YAML} */
    public static String decode(Path file, byte[] bytes, String refusal) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            String before = out.flip().toString();
            long line = before.chars().filter(c -> c == '\n').count() + 1;
            int column = before.length() - before.lastIndexOf('\n');
            throw new ConfigException(ErrorCode.CONFIG_PARSE_ERROR, file + ":" + line + ":" + column + ": " + refusal
                    + String.format(": byte 0x%02x is not UTF-8 text (save the file as UTF-8)", bytes[in.position()] & 0xff));
        }
        decoder.flush(out);
        return out.flip().toString();
    }
}
