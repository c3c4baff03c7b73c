package dev.rt.supervisor.proxy.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrustedProxiesTest {
    private static InetSocketAddress at(String address) {
        return new InetSocketAddress(address, 40000);
    }

    @Test
    void rangesAndNamedRangesTrustTheClientsInsideThemOnly() {
        TrustedProxies trusted = TrustedProxies.of(List.of("10.1.0.0/16", "192.0.2.7", "loopback"));

        assertThat(trusted.trusts(at("10.1.200.3"))).isTrue();
        assertThat(trusted.trusts(at("10.2.0.1"))).isFalse();
        assertThat(trusted.trusts(at("192.0.2.7"))).isTrue();
        assertThat(trusted.trusts(at("192.0.2.8"))).isFalse();
        assertThat(trusted.trusts(at("127.0.0.1"))).isTrue();
        assertThat(trusted.trusts(at("::1"))).isTrue();
        assertThat(trusted.trusts(at("2001:db8::1"))).isFalse();
        assertThat(trusted.none()).isFalse();
    }

    @Test
    void everyClientOrNone() {
        assertThat(TrustedProxies.of(List.of("*")).trusts(at("203.0.113.9"))).isTrue();
        assertThat(TrustedProxies.of(List.of()).none()).isTrue();
        assertThat(TrustedProxies.of(List.of()).trusts(at("127.0.0.1"))).isFalse();
    }

    @Test
    void anEntryThatIsNoAddressIsRefusedWithoutANameLookup() {
        assertThatThrownBy(() -> TrustedProxies.of(List.of("proxy.example.com")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"proxy.example.com\" is not an IP address or CIDR range");
    }
}
