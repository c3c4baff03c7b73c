package dev.rt.kind.gateway;

import dev.rt.kind.KindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code server.trustProxy} of a gateway, as the reference's proxy-addr reads it, for the one hop the public server
 * judges (the client connected to it): {@code true} or a hop count of 1 or more trusts every client, {@code false} or
 * 0 none; a string (comma-separated) or an array lists addresses, CIDR ranges and the names {@code loopback},
 * {@code linklocal}, {@code uniquelocal}. Entries are checked here, without name lookups.
 */
final class TrustProxy {
    static final String POINTER = "/server/trustProxy";
    private static final Set<String> NAMES = Set.of("loopback", "linklocal", "uniquelocal");
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d"
            + "|1\\d\\d|[1-9]?\\d)){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*");

    private TrustProxy() {
    }

    /** The entries of {@link dev.rt.kind.routing.ServerPolicy#trustedProxies()}: {@code *} for every client. */
    static List<String> entries(Object value) {
        if (value == null || Boolean.FALSE.equals(value) || value instanceof Number n && n.longValue() < 1) {
            return List.of();
        }
        if (Boolean.TRUE.equals(value) || value instanceof Number) {
            return List.of("*");
        }
        List<String> entries = new ArrayList<>();
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                entries.add(checked(String.valueOf(list.get(i)).strip(), POINTER + "/" + i));
            }
            return entries;
        }
        String text = String.valueOf(value).strip();
        if (text.isEmpty() || text.equalsIgnoreCase("false")) {
            return List.of();
        }
        if (text.equalsIgnoreCase("true")) {
            return List.of("*");
        }
        for (String part : text.split(",")) {
            entries.add(checked(part.strip(), POINTER));
        }
        return entries;
    }

    private static String checked(String entry, String pointer) {
        if (NAMES.contains(entry.toLowerCase(Locale.ROOT))) {
            return entry.toLowerCase(Locale.ROOT);
        }
        int slash = entry.indexOf('/');
        String address = slash < 0 ? entry : entry.substring(0, slash);
        boolean v4 = IPV4.matcher(address).matches();
        if (!v4 && !(IPV6.matcher(address).matches() && validIpv6(address))) {
            throw KindException.at(pointer, "\"" + entry + "\" is not an IP address, a CIDR range (10.0.0.0/8) or one"
                    + " of loopback, linklocal, uniquelocal; fix it");
        }
        if (slash >= 0) {
            String bits = entry.substring(slash + 1);
            int max = v4 ? 32 : 128;
            if (!bits.matches("\\d{1,3}") || Integer.parseInt(bits) > max) {
                throw KindException.at(pointer, "\"" + entry + "\" has a prefix length that is not 0 to " + max
                        + "; fix it");
            }
        }
        return entry;
    }

    /** A literal IPv6 address (the JDK parses a literal with a colon without looking a name up). */
    private static boolean validIpv6(String address) {
        try {
            InetAddress.getByName(address.contains(":") ? "[" + address + "]" : address);
            return address.contains(":");
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
