package dev.rt.kind.forwarded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** proxy-addr's reading of {@code trustProxy}, for the first hop (the peer) and the ones behind it. */
class TrustedProxiesTest {
    private static InetAddress at(String address) {
        return TrustedProxies.literal(address);
    }

    @Test
    void rangesNetmasksAndNamedRangesTrustTheAddressesInsideThemOnly() {
        TrustedProxies trusted = TrustedProxies.of(List.of("10.1.0.0/16, 192.0.2.7", "172.16.0.0/255.240.0.0",
                "loopback"));

        assertThat(trusted.trusts(at("10.1.200.3"), 0)).isTrue();
        assertThat(trusted.trusts(at("10.2.0.1"), 0)).isFalse();
        assertThat(trusted.trusts(at("192.0.2.7"), 3)).isTrue();
        assertThat(trusted.trusts(at("172.31.255.1"), 0)).isTrue();
        assertThat(trusted.trusts(at("127.0.0.1"), 0)).isTrue();
        assertThat(trusted.trusts(at("::1"), 0)).isTrue();
        assertThat(trusted.trusts(at("2001:db8::1"), 0)).isFalse();
    }

    @Test
    void aHopCountTrustsThatManyHopsAndABooleanAllOrNone() {
        assertThat(TrustedProxies.of(1).trusts(at("203.0.113.9"), 0)).isTrue();
        assertThat(TrustedProxies.of(1).trusts(at("203.0.113.9"), 1)).isFalse();
        assertThat(TrustedProxies.of(true).all()).isTrue();
        assertThat(TrustedProxies.of(false)).isSameAs(TrustedProxies.NONE);
        assertThat(TrustedProxies.of(0).none()).isTrue();
    }

    @Test
    void anEntryThatIsNoAddressIsRefusedWithoutANameLookup() {
        assertThat(TrustedProxies.literal("proxy.example.com")).isNull();
        assertThatThrownBy(() -> TrustedProxies.of(List.of("10.0.0.1", "proxy.example.com")))
                .isInstanceOfSatisfying(TrustedProxies.InvalidEntry.class, e -> {
                    assertThat(e.at()).isEqualTo("/1");
                    assertThat(e.getMessage()).startsWith("\"proxy.example.com\" is not an IP address");
                });
    }
}
