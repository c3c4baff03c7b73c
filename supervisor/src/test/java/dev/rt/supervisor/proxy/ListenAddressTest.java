package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** server.hostname and server.port: IPv4 and IPv6 addresses, and port 0 for a free port. */
@Timeout(30)
class ListenAddressTest {

    private static boolean ipv6Loopback() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("::1"))) {
            return true;
        } catch (IOException unavailable) {
            return false;
        }
    }

    private static String get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(), BodyHandlers.ofString())
                .body();
    }

    @Test
    void portZeroPicksAFreeIpv4Port() throws Exception {
        try (ProxyEventLoops loops = new ProxyEventLoops(1); TestBackend worker = TestBackend.named("v4");
                EntrypointServer server = new EntrypointServer(loops, new TestUpstreams().service("a", worker.address()), "a")) {
            InetSocketAddress bound = server.bind("127.0.0.1", 0);

            assertThat(bound.getPort()).isPositive();
            assertThat(get("http://127.0.0.1:" + bound.getPort() + "/")).isEqualTo("v4");
        }
    }

    @Test
    void ipv6AddressIsServed() throws Exception {
        assumeTrue(ipv6Loopback(), "no IPv6 loopback on this machine");
        try (ProxyEventLoops loops = new ProxyEventLoops(1); TestBackend worker = TestBackend.named("v6");
                EntrypointServer server = new EntrypointServer(loops, new TestUpstreams().service("a", worker.address()), "a")) {
            InetSocketAddress bound = server.bind("::1", 0);

            assertThat(bound.getAddress().getHostAddress()).isIn("0:0:0:0:0:0:0:1", "::1");
            assertThat(get("http://[::1]:" + bound.getPort() + "/")).isEqualTo("v6");
        }
    }
}
