package dev.rt.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which URIs the mesh selector sends to the mesh proxy, and that the JDK clients honour it without DNS. */
class MeshProxySelectorTest {
    private static final int MESH_PORT = 40123;
    private static final Proxy MESH = new Proxy(Proxy.Type.HTTP,
            new InetSocketAddress(InetAddress.getLoopbackAddress(), MESH_PORT));
    private static final Proxy CORPORATE = new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved("corp", 3128));

    /** The selector that was the default before: answers CORPORATE and records connect failures. */
    private static final class PreviousSelector extends ProxySelector {
        final List<URI> failures = new ArrayList<>();

        @Override
        public List<Proxy> select(URI uri) {
            return List.of(CORPORATE);
        }

        @Override
        public void connectFailed(URI uri, SocketAddress address, IOException failure) {
            failures.add(uri);
        }
    }

    private final PreviousSelector previous = new PreviousSelector();
    private final MeshProxySelector selector = new MeshProxySelector(previous, MESH_PORT);

    @ParameterizedTest
    @ValueSource(strings = {"http://b.rt.local/path", "http://B.RT.Local:8080/", "ws://chat.rt.local/socket",
        "HTTP://b.rt.local", "http://rt.local/http-cache/invalidate", "http://RT.LOCAL/"})
    void serviceNamesUnderRtLocalAndTheRuntimesOwnNameGoToTheMeshProxyOnLoopback(String uri) {
        assertThat(selector.select(URI.create(uri))).containsExactly(MESH);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.com/", "https://b.rt.local/", "https://rt.local/", "http://b.rt.local.evil/",
        "ftp://b.rt.local/", "http://xrt.local/", "http://rt.local.evil/"})
    void everythingElseGoesToThePreviousSelector(String uri) {
        assertThat(selector.select(URI.create(uri))).containsExactly(CORPORATE);
    }

    @Test
    void originsOfATokenInterceptorGoToTheMeshAndNothingElseDoes() {
        MeshProxySelector withOrigins = new MeshProxySelector(previous, MESH_PORT,
                List.of("http://api.example.com", "http://127.0.0.1:9100/"));

        assertThat(withOrigins.select(URI.create("http://API.example.com/orders"))).containsExactly(MESH);
        assertThat(withOrigins.select(URI.create("http://api.example.com:80/"))).containsExactly(MESH);
        assertThat(withOrigins.select(URI.create("http://127.0.0.1:9100/x"))).containsExactly(MESH);
        assertThat(withOrigins.select(URI.create("http://127.0.0.1:9101/x"))).containsExactly(CORPORATE);
        assertThat(withOrigins.select(URI.create("https://api.example.com/"))).containsExactly(CORPORATE);
        assertThat(withOrigins.select(URI.create("http://other.example.com/"))).containsExactly(CORPORATE);
    }

    @Test
    void connectFailuresAreReportedToThePreviousSelector() {
        URI uri = URI.create("http://example.com/");
        selector.connectFailed(uri, new InetSocketAddress(0), new IOException("refused"));
        assertThat(previous.failures).containsExactly(uri);
    }

    @Test
    void installPutsTheMeshInFrontOfTheDefaultSelector() {
        ProxySelector before = ProxySelector.getDefault();
        try {
            MeshProxySelector installed = MeshProxySelector.install(MESH_PORT);
            assertThat(ProxySelector.getDefault()).isSameAs(installed);
            assertThat(installed.select(URI.create("http://b.rt.local/"))).containsExactly(MESH);
        } finally {
            ProxySelector.setDefault(before);
        }
    }

    @Test
    void jdkClientsSendAbsoluteFormRequestsForMeshNamesToTheProxy() throws Exception {
        ProxySelector before = ProxySelector.getDefault();
        try (FakeMeshProxy mesh = new FakeMeshProxy()) {
            MeshProxySelector installed = MeshProxySelector.install(mesh.port());
            URI uri = URI.create("http://b.rt.local/path");

            HttpClient client = HttpClient.newBuilder().proxy(installed).build();
            assertThat(client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body())
                    .isEqualTo(FakeMeshProxy.BODY);
            assertThat(mesh.nextRequestLine(Duration.ofSeconds(5))).isEqualTo("GET http://b.rt.local/path HTTP/1.1");

            HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
            try (InputStream in = connection.getInputStream()) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(FakeMeshProxy.BODY);
            }
            assertThat(mesh.nextRequestLine(Duration.ofSeconds(5))).isEqualTo("GET http://b.rt.local/path HTTP/1.1");
        } finally {
            ProxySelector.setDefault(before);
        }
    }
}
