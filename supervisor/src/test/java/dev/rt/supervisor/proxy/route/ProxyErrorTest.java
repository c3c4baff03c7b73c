package dev.rt.supervisor.proxy.route;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.handler.codec.http.FullHttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProxyErrorTest {

    @Test
    void rendersTheFrameworkJsonShape() {
        ProxyError error = ProxyError.serviceNotFound("zzz", List.of("a", "b"));

        assertThat(error.json()).isEqualTo("{\"statusCode\":502,\"error\":\"Bad Gateway\",\"code\":\"RT_SERVICE_NOT_FOUND\","
                + "\"message\":\"Service \\\"zzz\\\" not found. Available services are: a, b\"}");
    }

    @Test
    void unavailableServiceResponseTellsTheClientWhenToRetry() {
        FullHttpResponse response = ProxyError.serviceUnavailable("api").toResponse(UnpooledByteBufAllocator.DEFAULT, false);
        try {
            assertThat(response.status().code()).isEqualTo(503);
            assertThat(response.headers().get("Retry-After")).isEqualTo("1");
            assertThat(response.headers().get("Content-Type")).isEqualTo("application/json; charset=utf-8");
            assertThat(response.headers().get("Connection")).isNull();
            String body = response.content().toString(StandardCharsets.UTF_8);
            assertThat(response.headers().getInt("Content-Length")).isEqualTo(body.length());
            assertThat(body).isEqualTo("{\"statusCode\":503,\"error\":\"Service Unavailable\",\"code\":\"RT_SERVICE_UNAVAILABLE\","
                    + "\"message\":\"Service \\\"api\\\" has no started worker; retry shortly\"}");
        } finally {
            response.release();
        }
    }

    @Test
    void closingResponseSaysSo() {
        FullHttpResponse response = ProxyError.serviceTimeout("api", 1500).toResponse(UnpooledByteBufAllocator.DEFAULT, true);
        try {
            assertThat(response.headers().get("Connection")).isEqualTo("close");
            assertThat(response.headers().get("Retry-After")).isNull();
        } finally {
            response.release();
        }
    }
}
