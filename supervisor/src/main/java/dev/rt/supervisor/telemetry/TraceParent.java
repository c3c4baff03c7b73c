package dev.rt.supervisor.telemetry;

import io.netty.util.AsciiString;

/**
 * The W3C {@code traceparent} header, read and written by hand: {@code 00-<32 hex trace id>-<16 hex parent id>-<2 hex
 * flags>}, 55 characters (a later version may append fields after a {@code -}; version {@code ff} is invalid). Ids
 * are lowercase hex and never all zeros; a trace id is two longs, high and low.
 */
final class TraceParent {
    static final AsciiString HEADER = AsciiString.cached("traceparent");
    static final int LENGTH = 55;
    private static final byte[] DIGITS = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private TraceParent() {
    }

    /** Whether {@code value} is a traceparent this proxy can continue. */
    static boolean valid(CharSequence value) {
        if (value == null || value.length() < LENGTH || value.charAt(2) != '-' || value.charAt(35) != '-'
                || value.charAt(52) != '-') {
            return false;
        }
        int version = hex(value, 0, 2);
        if (version < 0 || version == 0xff || version == 0 && value.length() != LENGTH
                || value.length() > LENGTH && value.charAt(LENGTH) != '-') {
            return false;
        }
        return hex(value, 53, 2) >= 0 && allHex(value, 3, 32) && allHex(value, 36, 16)
                && (id(value, 3) != 0 || id(value, 19) != 0) && id(value, 36) != 0;
    }

    /** The 16 hex digits at {@code from} of a {@link #valid} traceparent, as a long. */
    static long id(CharSequence value, int from) {
        long id = 0;
        for (int i = from; i < from + 16; i++) {
            id = id << 4 | Character.digit(value.charAt(i), 16);
        }
        return id;
    }

    static long traceIdHigh(CharSequence value) {
        return id(value, 3);
    }

    static long traceIdLow(CharSequence value) {
        return id(value, 19);
    }

    static long parentId(CharSequence value) {
        return id(value, 36);
    }

    static boolean sampled(CharSequence value) {
        return (hex(value, 53, 2) & 1) != 0;
    }

    /** {@code 00-<trace id>-<span id>-<01 or 00>}. */
    static AsciiString format(long traceHigh, long traceLow, long spanId, boolean sampled) {
        byte[] out = new byte[LENGTH];
        out[0] = '0';
        out[1] = '0';
        out[2] = '-';
        put(out, 3, traceHigh);
        put(out, 19, traceLow);
        out[35] = '-';
        put(out, 36, spanId);
        out[52] = '-';
        out[53] = '0';
        out[54] = (byte) (sampled ? '1' : '0');
        return new AsciiString(out, false);
    }

    /** Lowercase hex, 16 digits. */
    static String hex(long id) {
        byte[] out = new byte[16];
        put(out, 0, id);
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static void put(byte[] out, int at, long id) {
        for (int i = 15; i >= 0; i--) {
            out[at + i] = DIGITS[(int) (id & 0xf)];
            id >>>= 4;
        }
    }

    /** The value of {@code count} lowercase hex digits at {@code from}; -1 when one is not. */
    private static int hex(CharSequence value, int from, int count) {
        int result = 0;
        for (int i = from; i < from + count; i++) {
            char c = value.charAt(i);
            int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (digit < 0) {
                return -1;
            }
            result = result << 4 | digit;
        }
        return result;
    }

    /** Whether the {@code count} characters at {@code from} are lowercase hex digits. */
    static boolean lowerHex(CharSequence value, int from, int count) {
        return allHex(value, from, count);
    }

    private static boolean allHex(CharSequence value, int from, int count) {
        for (int i = from; i < from + count; i++) {
            char c = value.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }
}
