package dev.rt.supervisor.proxy.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.Test;

class ResponseFramingTest {

    private static HttpResponse response(HttpResponseStatus status, String header, String value) {
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_0, status);
        if (header != null) {
            response.headers().set(header, value);
        }
        return response;
    }

    @Test
    void responseWithALengthKeepsTheConnection() {
        HttpResponse response = response(HttpResponseStatus.OK, "Content-Length", "3");

        assertThat(ResponseFraming.frame(response, HttpMethod.GET, false, false)).isFalse();
        assertThat(response.protocolVersion()).isEqualTo(HttpVersion.HTTP_1_1);
        assertThat(response.headers().contains("Connection")).isFalse();
    }

    @Test
    void closingConnectionIsAnnounced() {
        HttpResponse response = response(HttpResponseStatus.OK, "Content-Length", "3");

        assertThat(ResponseFraming.frame(response, HttpMethod.GET, false, true)).isTrue();
        assertThat(response.headers().get("Connection")).isEqualTo("close");
    }

    @Test
    void bodyDelimitedOnlyByTheEndOfTheConnectionClosesIt() {
        HttpResponse response = response(HttpResponseStatus.OK, null, null);

        assertThat(ResponseFraming.frame(response, HttpMethod.GET, false, false)).isTrue();
        assertThat(response.headers().get("Connection")).isEqualTo("close");
    }

    @Test
    void responsesWithoutABodyNeedNoLength() {
        assertThat(ResponseFraming.frame(response(HttpResponseStatus.OK, null, null), HttpMethod.HEAD, false, false))
                .isFalse();
        assertThat(ResponseFraming.frame(response(HttpResponseStatus.NO_CONTENT, null, null), HttpMethod.GET, false,
                false)).isFalse();
        assertThat(ResponseFraming.frame(response(HttpResponseStatus.NOT_MODIFIED, null, null), HttpMethod.GET, false,
                false)).isFalse();
    }

    @Test
    void http10ClientGetsNoChunksAndAKeepAliveOnlyWithALength() {
        HttpResponse chunked = response(HttpResponseStatus.OK, "Transfer-Encoding", "chunked");
        HttpResponse sized = response(HttpResponseStatus.OK, "Content-Length", "3");

        assertThat(ResponseFraming.frame(chunked, HttpMethod.GET, true, false)).isTrue();
        assertThat(chunked.headers().contains("Transfer-Encoding")).isFalse();
        assertThat(ResponseFraming.frame(sized, HttpMethod.GET, true, false)).isFalse();
        assertThat(sized.headers().get("Connection")).isEqualTo("keep-alive");
    }
}
