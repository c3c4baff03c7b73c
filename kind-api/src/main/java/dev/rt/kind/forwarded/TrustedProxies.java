package dev.rt.kind.forwarded;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which hops of a request's chain ({@code X-Forwarded-For} read from the right, after the connection's own peer) a
 * service trusts, from {@code server.trustProxy} as proxy-addr (the reference framework's) reads it: {@code true}
 * every hop, {@code false} or {@code 0} none, a number n the first n hops, a string of comma-separated entries or an
 * array of them each hop whose address matches one: an address, a range ({@code 10.0.0.0/8} or
 * {@code 10.0.0.0/255.0.0.0}) or {@code loopback}, {@code linklocal}, {@code uniquelocal}. Hand-written: the range
 * test is a comparison of masked bytes, and no library reads these rules.
 */
public final class TrustedProxies {
    /** Trusts no hop: the request's address is its connection's peer, rt's own proxy. */
    public static final TrustedProxies NONE = new TrustedProxies(0, List.of(), false);
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final List<String> KEYWORDS = List.of("loopback", "linklocal", "uniquelocal");

    private final int hops;
    private final List<Range> ranges;
    private final boolean all;

    private TrustedProxies(int hops, List<Range> ranges, boolean all) {
        this.hops = hops;
        this.ranges = List.copyOf(ranges);
        this.all = all;
    }

    /**
     * {@code server.trustProxy} as its schema allows it (boolean, integer, string, array of strings; absent is
     * false).
     *
     * @throws InvalidEntry for an entry that is no address, range or keyword
     */
    public static TrustedProxies of(Object setting) {
        if (setting == null || Boolean.FALSE.equals(setting) || "".equals(setting)) {
            return NONE;
        }
        if (Boolean.TRUE.equals(setting)) {
            return new TrustedProxies(Integer.MAX_VALUE, List.of(), true);
        }
        if (setting instanceof Number count) {
            return count.longValue() <= 0 ? NONE : new TrustedProxies((int) Math.min(Integer.MAX_VALUE, count.longValue()),
                    List.of(), false);
        }
        List<Range> ranges = new ArrayList<>();
        if (setting instanceof List<?> entries) {
            for (int i = 0; i < entries.size(); i++) {
                for (String entry : String.valueOf(entries.get(i)).split(",")) {
                    ranges.addAll(ranges(entry.strip(), "/" + i));
                }
            }
        } else {
            for (String entry : String.valueOf(setting).split(",")) {
                ranges.addAll(ranges(entry.strip(), ""));
            }
        }
        return new TrustedProxies(0, ranges, false);
    }

    /** Whether every hop is trusted ({@code true}): the leftmost {@code X-Forwarded-For} entry is the client. */
    public boolean all() {
        return all;
    }

    /** Whether no hop is trusted, not even the connection's peer. */
    public boolean none() {
        return !all && hops == 0 && ranges.isEmpty();
    }

    /** Whether the hop at {@code index} (0: the connection's peer), of address {@code address}, is trusted. */
    public boolean trusts(InetAddress address, int index) {
        if (all || index < hops) {
            return true;
        }
        byte[] bytes = address.getAddress();
        return ranges.stream().anyMatch(range -> range.contains(bytes));
    }

    /** An address written as text (no name is looked up), or null when the text is not one. */
    public static InetAddress literal(String text) {
        String bare = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        if (!IPV4.matcher(bare).matches() && bare.indexOf(':') < 0) {
            return null; // a host name: InetAddress would look it up
        }
        try {
            return InetAddress.getByName(bare);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static List<Range> ranges(String entry, String where) {
        switch (entry.toLowerCase(Locale.ROOT)) {
            case "loopback":
                return List.of(range("127.0.0.1/8"), range("::1/128"));
            case "linklocal":
                return List.of(range("169.254.0.0/16"), range("fe80::/10"));
            case "uniquelocal":
                return List.of(range("10.0.0.0/8"), range("172.16.0.0/12"), range("192.168.0.0/16"), range("fc00::/7"));
            default:
                Range range = range(entry);
                if (range == null) {
                    throw new InvalidEntry(where, "\"" + entry + "\" is not an IP address, a range (10.0.0.0/8 or"
                            + " 10.0.0.0/255.0.0.0) or one of " + String.join(", ", KEYWORDS));
                }
                return List.of(range);
        }
    }

    /** {@code address}, {@code address/bits} or {@code address/netmask}; null when it is none of them. */
    private static Range range(String text) {
        int slash = text.indexOf('/');
        InetAddress address = literal(slash < 0 ? text : text.substring(0, slash));
        if (address == null) {
            return null;
        }
        int length = address.getAddress().length * 8;
        if (slash < 0) {
            return new Range(address.getAddress(), length);
        }
        String suffix = text.substring(slash + 1);
        int bits;
        if (suffix.matches("\\d{1,3}")) {
            bits = Integer.parseInt(suffix);
        } else {
            InetAddress mask = literal(suffix);
            bits = mask == null || mask.getAddress().length != address.getAddress().length ? -1 : prefix(mask.getAddress());
        }
        return bits < 0 || bits > length ? null : new Range(address.getAddress(), bits);
    }

    /** The length of a netmask's prefix of ones, or -1 when its ones are not a prefix. */
    private static int prefix(byte[] mask) {
        int bits = 0;
        boolean ended = false;
        for (byte b : mask) {
            for (int i = 7; i >= 0; i--) {
                boolean one = (b >> i & 1) == 1;
                if (one && ended) {
                    return -1;
                }
                ended |= !one;
                bits += one ? 1 : 0;
            }
        }
        return bits;
    }

    /** An entry of {@code trustProxy} that cannot be read; {@link #at()} is its pointer below the setting. */
    public static final class InvalidEntry extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String at;

        InvalidEntry(String at, String message) {
            super(message);
            this.at = at;
        }

        /** {@code "/1"} for the second entry of an array, {@code ""} for a string. */
        public String at() {
            return at;
        }
    }

    /** The addresses that share the first {@code bits} bits of {@code network}. */
    private record Range(byte[] network, int bits) {
        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((address[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }
}
