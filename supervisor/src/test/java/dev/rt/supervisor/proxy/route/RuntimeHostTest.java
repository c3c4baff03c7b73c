package dev.rt.supervisor.proxy.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.supervisor.proxy.TestUpstreams;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RuntimeHostTest {
    private static final InetSocketAddress INVALIDATION = new InetSocketAddress("127.0.0.1", 9);
    private final TestUpstreams upstreams = new TestUpstreams().service("api", new InetSocketAddress("127.0.0.1", 1));
    private final EmbeddedChannel client = new EmbeddedChannel();

    private MeshRoute route(Optional<InetSocketAddress> invalidation) {
        return new MeshRoute(upstreams, List.of(), Set.of(), Set.of(), new RuntimeHost(invalidation));
    }

    private static HttpRequest request(HttpMethod method, String uri, String host) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, uri);
        if (host != null) {
            request.headers().set("Host", host);
        }
        return request;
    }

    @Test
    void theRuntimesOwnNameGoesToTheCachesInvalidationServerInAbsoluteAndOriginForm() {
        for (HttpRequest request : List.of(request(HttpMethod.POST, "http://RT.local/http-cache/invalidate", null),
                request(HttpMethod.POST, "/http-cache/invalidate", "rt.local:80"))) {
            RouteTarget target = route(Optional.of(INVALIDATION)).route(request, client);

            assertThat(target.fixed()).contains(new Upstream("http://rt.local", 0, INVALIDATION));
            assertThat(target.answer()).isNull();
            assertThat(request.uri()).isEqualTo("/http-cache/invalidate");
            assertThat(request.headers().get("Host")).isEqualTo("rt.local");
        }
    }

    @Test
    void withoutACacheTheMeshAnswers404Itself() {
        RouteTarget target = route(Optional.empty()).route(request(HttpMethod.POST, "http://rt.local/http-cache/invalidate",
                null), client);

        FullHttpResponse answer = target.answer().toResponse(ByteBufAllocator.DEFAULT, false);
        assertThat(answer.status().code()).isEqualTo(404);
        assertThat(answer.content().toString(StandardCharsets.UTF_8)).contains("\"code\":\"RT_HTTP_CACHE_DISABLED\"");
        answer.release();
    }

    @Test
    void noTunnelToTheRuntimesOwnNameAndServiceNamesAreUnchanged() {
        assertThatThrownBy(() -> route(Optional.of(INVALIDATION)).route(request(HttpMethod.CONNECT, "rt.local:80", null),
                client)).isInstanceOf(RouteRejectedException.class).hasMessageContaining("no tunnel to rt.local");
        assertThat(route(Optional.of(INVALIDATION)).route(request(HttpMethod.GET, "http://api.rt.local/x", null), client)
                .serviceId()).isEqualTo("api");
        assertThatThrownBy(() -> route(Optional.of(INVALIDATION)).route(request(HttpMethod.GET, "http://xrt.local/", null),
                client)).isInstanceOf(RouteRejectedException.class);
    }
}
