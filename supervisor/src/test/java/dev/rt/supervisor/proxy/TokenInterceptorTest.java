package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.UndiciConfig;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.proxy.backend.BackendOptions;
import dev.rt.supervisor.proxy.route.MeshRoute;
import dev.rt.supervisor.proxy.route.TokenInterceptor;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** undici's identity-provider token interceptor, applied by the mesh proxy. */
@Timeout(30)
class TokenInterceptorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(1));
    private final AtomicInteger issued = new AtomicInteger();
    /** The identity provider is a service of the runtime, and one of the origins as well. */
    private final TestBackend idp = open(new TestBackend(exchange -> {
        if (exchange.getRequestURI().getPath().equals("/token")) {
            exchange.getRequestBody().readAllBytes();
            TestBackend.respond(exchange, 200, "{\"access_token\":\"tok" + issued.incrementAndGet()
                    + "\",\"expires_in\":3600}");
        } else {
            TestBackend.respond(exchange, 200, "idp saw " + exchange.getRequestHeaders().getFirst("Authorization"));
        }
    }));
    private final TestBackend api = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
            exchange.getRequestHeaders().getFirst("Host") + " saw " + exchange.getRequestHeaders().getFirst("Authorization"))));

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    private static UndiciConfig undici(String interceptorsJson) throws Exception {
        return UndiciConfig.from(JSON.readTree("{\"interceptors\": " + interceptorsJson + "}"));
    }

    @Test
    void requestsToTheOriginsCarryOneCachedBearerTokenAndOthersNone() throws Exception {
        int external = api.address().getPort();
        UndiciConfig undici = undici("[{\"module\": \"@platformatic/undici-oidc-interceptor\", \"options\": {"
                + "\"clientId\": \"rt\", \"clientSecret\": \"s\", \"idpTokenUrl\": \"http://idp.rt.local/token\","
                + "\"origins\": [\"http://127.0.0.1:" + external + "\", \"http://IDP.rt.local\"]}}]");
        TestUpstreams upstreams = new TestUpstreams().service("idp", idp.address()).service("plain", api.address());
        AtomicReference<InetSocketAddress> meshAddress = new AtomicReference<>();
        MeshProxy mesh = open(new MeshProxy(loops,
                new MeshRoute(upstreams, TokenInterceptor.from(undici, meshAddress::get), Set.of()), upstreams, Duration.ofSeconds(10), BackendOptions.DEFAULTS));
        meshAddress.set(mesh.bind());
        HttpClient client = HttpClient.newBuilder().proxy(ProxySelector.of(meshAddress.get())).build();

        assertThat(get(client, "http://127.0.0.1:" + external + "/orders")).isEqualTo("127.0.0.1:" + external + " saw Bearer tok1");
        assertThat(get(client, "http://127.0.0.1:" + external + "/again")).isEqualTo("127.0.0.1:" + external + " saw Bearer tok1");
        assertThat(get(client, "http://idp.rt.local/me")).isEqualTo("idp saw Bearer tok1");
        assertThat(get(client, "http://plain.rt.local/x")).isEqualTo("127.0.0.1:" + external + " saw null");
        assertThat(issued.get()).isEqualTo(1);
        assertThat(TokenInterceptor.externalOrigins(undici)).containsExactly("http://127.0.0.1:" + external);
    }

    @Test
    void originThatIsNeitherAServiceNorListedIsStillRefused() throws Exception {
        UndiciConfig undici = undici("[{\"module\": \"m\", \"options\": {\"clientId\": \"rt\", \"clientSecret\": \"s\","
                + " \"idpTokenUrl\": \"http://idp.rt.local/token\", \"origins\": [\"http://127.0.0.1:1\"]}}]");
        TestUpstreams upstreams = new TestUpstreams().service("idp", idp.address());
        MeshProxy mesh = open(new MeshProxy(loops,
                new MeshRoute(upstreams, TokenInterceptor.from(undici, () -> null), Set.of()), upstreams, Duration.ofSeconds(10), BackendOptions.DEFAULTS));
        HttpClient client = HttpClient.newBuilder().proxy(ProxySelector.of(mesh.bind())).build();

        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:2/x")).build(),
                BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("RT_MESH_INVALID_TARGET");
    }

    @Test
    void httpsOriginIsAConfigurationErrorSayingWhy() {
        assertThatThrownBy(() -> TokenInterceptor.from(undici("[{\"module\": \"m\", \"options\": {\"clientId\": \"rt\","
                + " \"clientSecret\": \"s\", \"idpTokenUrl\": \"https://idp.example/token\","
                + " \"origins\": [\"https://api.example\"]}}]"), () -> null))
                .isInstanceOf(RtException.class)
                .hasMessageStartingWith("undici.interceptors/0/options/origins: \"https://api.example\": rt adds tokens"
                        + " in its mesh proxy");
    }

    @Test
    void missingClientIdIsAConfigurationError() {
        assertThatThrownBy(() -> TokenInterceptor.from(undici("[{\"module\": \"m\", \"options\": {"
                + " \"clientSecret\": \"s\", \"idpTokenUrl\": \"http://idp/token\", \"origins\": [\"http://a\"]}}]"),
                () -> null))
                .isInstanceOf(RtException.class)
                .hasMessage("undici.interceptors/0/options/clientId: required by the token interceptor, found nothing");
    }

    private static String get(HttpClient client, String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).build(), BodyHandlers.ofString()).body();
    }
}
