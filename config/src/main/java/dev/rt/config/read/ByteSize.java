package dev.rt.config.read;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Memory sizes in configuration: a number of bytes, or a string with a unit ({@code "512M"}, {@code "4G"},
 * {@code "1.5GB"}, {@code "256KiB"}), units being powers of 1024.
 */
public final class ByteSize {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(?:i?b)?", Pattern.CASE_INSENSITIVE);

    private ByteSize() {
    }

    /** Bytes, or -1 when {@code text} is not a size. Units are powers of 1024. */
    public static long parse(String text) {
        Matcher matcher = SIZE.matcher(text.strip());
        if (!matcher.matches()) {
            return -1;
        }
        double value = Double.parseDouble(matcher.group(1));
        int shift = switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        return (long) (value * (1L << shift));
    }

    /** As a JVM option value: whole megabytes when exact, else kilobytes ({@code 4096m}, {@code 1536k}). */
    public static String jvm(long bytes) {
        if (bytes % (1L << 20) == 0) {
            return (bytes >> 20) + "m";
        }
        return Math.max(1, bytes >> 10) + "k";
    }
}
