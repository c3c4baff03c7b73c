package dev.rt.supervisor.proxy.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.cors.CorsSettings;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CorsHeadersTest {
    private final CorsHeaders cors = new CorsHeaders(CorsSettings.read(Map.of("origin",
            List.of(Map.of("regexp", "^https://[a-z0-9]+\\.example\\.com$"))), "/server/cors"));

    private static HttpRequest request(HttpMethod method, String origin) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, "/x");
        request.headers().set("origin", origin);
        return request;
    }

    private static String allowOrigin(CorsRequest answer) {
        HttpResponse response = answer.decorate(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        return response.headers().get("access-control-allow-origin");
    }

    @Test
    void anOriginsAnswerIsWorkedOutOnceAndEachOriginGetsItsOwn() {
        CorsRequest first = cors.of(request(HttpMethod.GET, "https://a.example.com"));

        assertThat(cors.of(request(HttpMethod.POST, "https://a.example.com"))).isSameAs(first);
        assertThat(allowOrigin(first)).isEqualTo("https://a.example.com");
        assertThat(allowOrigin(cors.of(request(HttpMethod.GET, "https://b.example.com")))).isEqualTo("https://b.example.com");
        assertThat(cors.of(request(HttpMethod.GET, "https://evil.test"))).isSameAs(CorsRequest.NONE);
    }

    @Test
    void pastTheOriginsKeptEveryOriginIsStillAnsweredForItself() {
        for (int i = 0; i < CorsHeaders.KEPT + 10; i++) {
            String origin = "https://o" + i + ".example.com";
            assertThat(allowOrigin(cors.of(request(HttpMethod.GET, origin)))).isEqualTo(origin);
        }
    }

    @Test
    void preflightsAreAnsweredForTheirOwnRequestHeaders() {
        HttpRequest preflight = request(HttpMethod.OPTIONS, "https://a.example.com");
        preflight.headers().set("access-control-request-method", "PUT").set("access-control-request-headers", "x-a");

        CorsRequest answer = cors.of(preflight);

        assertThat(answer.answers()).isTrue();
        assertThat(answer.answer(ByteBufAllocator.DEFAULT, false).headers()
                .get("access-control-allow-headers")).isEqualTo("x-a");
    }
}
