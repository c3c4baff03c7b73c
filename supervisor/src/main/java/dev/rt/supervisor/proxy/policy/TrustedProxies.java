package dev.rt.supervisor.proxy.policy;

import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import io.netty.util.NetUtil;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code server.trustProxy}: which clients are proxies whose {@code X-Forwarded-Host} and {@code X-Forwarded-Proto}
 * the public server passes on rather than replaces. Entries are addresses, CIDR ranges ({@code 10.0.0.0/8}), the
 * named ranges of the reference ({@code loopback}, {@code linklocal}, {@code uniquelocal}), or {@code *} for every
 * client. Netty's subnet rules do the matching; the gateway kind has checked every entry when the runtime started.
 */
final class TrustedProxies {
    private static final Map<String, List<String>> NAMED = Map.of(
            "loopback", List.of("127.0.0.1/8", "::1/128"),
            "linklocal", List.of("169.254.0.0/16", "fe80::/10"),
            "uniquelocal", List.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"));

    private final boolean all;
    private final List<IpSubnetFilterRule> ranges;

    private TrustedProxies(boolean all, List<IpSubnetFilterRule> ranges) {
        this.all = all;
        this.ranges = List.copyOf(ranges);
    }

    /** @throws IllegalArgumentException for an entry that is none of the above */
    static TrustedProxies of(List<String> entries) {
        boolean all = false;
        List<IpSubnetFilterRule> ranges = new ArrayList<>();
        for (String entry : entries) {
            String value = entry.strip();
            if (value.equals("*")) {
                all = true;
            } else {
                for (String range : NAMED.getOrDefault(value, List.of(value))) {
                    ranges.add(rule(range));
                }
            }
        }
        return new TrustedProxies(all, ranges);
    }

    private static IpSubnetFilterRule rule(String range) {
        int slash = range.indexOf('/');
        String address = slash < 0 ? range : range.substring(0, slash);
        if (!NetUtil.isValidIpV4Address(address) && !NetUtil.isValidIpV6Address(address)) {
            throw new IllegalArgumentException("\"" + range + "\" is not an IP address or CIDR range");
        }
        int bits = slash < 0 ? (address.contains(":") ? 128 : 32) : Integer.parseInt(range.substring(slash + 1));
        return new IpSubnetFilterRule(address, bits, IpFilterRuleType.ACCEPT);
    }

    /** Whether none is trusted: the headers are always the public server's own. */
    boolean none() {
        return !all && ranges.isEmpty();
    }

    /** Whether a client at {@code peer} is a trusted proxy. */
    boolean trusts(SocketAddress peer) {
        if (all) {
            return true;
        }
        if (!(peer instanceof InetSocketAddress inet) || inet.getAddress() == null) {
            return false;
        }
        for (IpSubnetFilterRule range : ranges) {
            if (range.matches(inet)) {
                return true;
            }
        }
        return false;
    }
}
