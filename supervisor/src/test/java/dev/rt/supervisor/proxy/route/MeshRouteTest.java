package dev.rt.supervisor.proxy.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.supervisor.proxy.TestUpstreams;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MeshRouteTest {
    private final MeshRoute route = new MeshRoute(new TestUpstreams()
            .service("api", new InetSocketAddress("127.0.0.1", 1))
            .service("Billing", new InetSocketAddress("127.0.0.1", 2)));
    private final EmbeddedChannel client = new EmbeddedChannel();

    private static HttpRequest get(String uri, String host) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri);
        if (host != null) {
            request.headers().set("Host", host);
        }
        return request;
    }

    @Test
    void absoluteFormTargetIsSentUpstreamInOriginFormWithTheServiceHost() {
        HttpRequest request = get("http://api.rt.local/orders/7?expand=lines", "api.rt.local");

        assertThat(route.route(request, client).serviceId()).isEqualTo("api");
        assertThat(request.uri()).isEqualTo("/orders/7?expand=lines");
        assertThat(request.headers().get("Host")).isEqualTo("api.rt.local");
    }

    @Test
    void absoluteFormWithAPortAndNoPathTargetsTheRoot() {
        HttpRequest request = get("http://api.rt.local:8080", null);

        assertThat(route.route(request, client).serviceId()).isEqualTo("api");
        assertThat(request.uri()).isEqualTo("/");
        assertThat(request.headers().get("Host")).isEqualTo("api.rt.local");
    }

    @Test
    void absoluteFormWithOnlyAQueryKeepsTheQuery() {
        HttpRequest request = get("http://api.rt.local?x=1", null);

        route.route(request, client);

        assertThat(request.uri()).isEqualTo("/?x=1");
    }

    @Test
    void originFormTakesTheServiceFromTheHostHeader() {
        HttpRequest request = get("/health", "api.rt.local:3042");

        assertThat(route.route(request, client).serviceId()).isEqualTo("api");
        assertThat(request.uri()).isEqualTo("/health");
        assertThat(request.headers().get("Host")).isEqualTo("api.rt.local");
    }

    @Test
    void hostMatchesWithoutRegardToCaseAndYieldsTheConfiguredSpelling() {
        assertThat(route.route(get("HTTP://BILLING.RT.LOCAL/x", null), client).serviceId()).isEqualTo("Billing");
        assertThat(route.route(get("/x", "API.Rt.Local"), client).serviceId()).isEqualTo("api");
    }

    @Test
    void unknownIdIsReturnedSoTheProxyCanAnswerNotFound() {
        assertThat(route.route(get("http://nope.rt.local/", null), client).serviceId()).isEqualTo("nope");
    }

    @Test
    void hostOutsideTheMeshIsRejected() {
        assertThatThrownBy(() -> route.route(get("http://example.com/", null), client))
                .isInstanceOf(RouteRejectedException.class)
                .hasMessage("The mesh proxy only routes http://<service id>.rt.local/..., found host \"example.com\""
                        + " (call another service as http://<id>.rt.local)")
                .extracting(e -> ((RouteRejectedException) e).code()).isEqualTo("RT_MESH_INVALID_TARGET");
    }

    @Test
    void bareSuffixAndMissingHostAndTunnelTargetsAreRejected() {
        assertThatThrownBy(() -> route.route(get("http://.rt.local/", null), client))
                .isInstanceOf(RouteRejectedException.class);
        assertThatThrownBy(() -> route.route(get("/x", null), client))
                .isInstanceOf(RouteRejectedException.class);
        assertThatThrownBy(() -> route.route(get("api.rt.local:443", null), client))
                .isInstanceOf(RouteRejectedException.class)
                .hasMessageContaining("found \"api.rt.local:443\"");
    }

    @Test
    void workersGetTheirOwnAddressAsHostUnlessTheServiceKeepsItsMeshName() {
        MeshRoute keeping = new MeshRoute(new TestUpstreams().service("api").service("Billing"), List.of(),
                Set.of("Billing"));

        assertThat(route.route(get("http://api.rt.local/", null), client).workerHost()).isTrue();
        assertThat(keeping.route(get("http://api.rt.local/", null), client).workerHost()).isTrue();
        assertThat(keeping.route(get("http://billing.rt.local/", null), client).workerHost()).isFalse();
    }

    @Test
    void requestIsMarkedWithTheMeshNameAndPlainHttp() {
        HttpRequest request = get("http://API.rt.local:8080/x", null);
        request.headers().set("X-Forwarded-Host", "evil.example").set("X-Forwarded-Proto", "https");

        route.route(request, client);

        assertThat(request.headers().get("X-Forwarded-Host")).isEqualTo("api.rt.local");
        assertThat(request.headers().get("X-Forwarded-Proto")).isEqualTo("http");
        assertThat(request.headers().get("X-Forwarded-For")).isEqualTo("unknown"); // an embedded channel has no address
    }
}
