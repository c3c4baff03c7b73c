package dev.rt.supervisor.proxy.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.api.Test;

class HopByHopHeadersTest {

    @Test
    void removesConnectionScopedHeadersAndKeepsEndToEndOnes() {
        HttpHeaders headers = new DefaultHttpHeaders()
                .add("Connection", "keep-alive")
                .add("Keep-Alive", "timeout=5")
                .add("Proxy-Connection", "keep-alive")
                .add("Proxy-Authorization", "Basic eDp5")
                .add("TE", "trailers")
                .add("Trailer", "X-Checksum")
                .add("Upgrade", "websocket")
                .add("Transfer-Encoding", "chunked")
                .add("Content-Type", "text/plain")
                .add("Host", "example.test");

        HopByHopHeaders.remove(headers);

        assertThat(headers.names()).containsExactlyInAnyOrder("Transfer-Encoding", "Content-Type", "Host");
    }

    @Test
    void removesEveryHeaderTheConnectionHeaderNames() {
        HttpHeaders headers = new DefaultHttpHeaders()
                .add("Connection", "close, X-Private")
                .add("Connection", "x-other ,")
                .add("X-Private", "1")
                .add("X-Other", "2")
                .add("X-Public", "3");

        HopByHopHeaders.remove(headers);

        assertThat(headers.names()).containsExactly("X-Public");
    }

    @Test
    void neverRemovesFramingHeadersEvenWhenTheConnectionHeaderNamesThem() {
        HttpHeaders headers = new DefaultHttpHeaders()
                .add("Connection", "Content-Length, Transfer-Encoding, Host")
                .add("Content-Length", "3")
                .add("Host", "a.rt.local");

        HopByHopHeaders.remove(headers);

        assertThat(headers.names()).containsExactlyInAnyOrder("Content-Length", "Host");
    }
}
