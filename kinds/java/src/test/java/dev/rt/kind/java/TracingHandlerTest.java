package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.rt.kind.KindSpan;
import dev.rt.kind.RequestTracing;
import dev.rt.kind.ResponseHeadSpan;
import dev.rt.kind.java.fixtures.PlainText;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A traced java.build handler's request span goes back in its response head when the span can travel that way. */
class TracingHandlerTest {
    private final List<String> events = new CopyOnWriteArrayList<>();

    private final class HeadSpan implements ResponseHeadSpan {
        private final boolean fits;

        HeadSpan(boolean fits) {
            this.fits = fits;
        }

        @Override
        public boolean isRecording() {
            return true;
        }

        @Override
        public String inResponseHead(int status) {
            events.add("head " + status);
            return fits ? "00f067aa0ba902b7;1;2;" + status + ";" : null;
        }

        @Override
        public void status(int status) {
            events.add("status " + status);
        }

        @Override
        public void end() {
            events.add("end");
        }
    }

    private HttpResponse<String> get(boolean fits, String path) throws Exception {
        RequestTracing tracing = (traceparent, method, p) -> traceparent == null ? KindSpan.NONE : new HeadSpan(fits);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", TracingHandler.around(exchange -> {
            if (exchange.getRequestURI().getPath().equals("/missing")) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
            } else {
                PlainText.answer(exchange, "ok");
            }
        }, tracing));
        server.start();
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                            + server.getAddress().getPort() + path)).timeout(Duration.ofSeconds(20))
                    .header("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01").build(),
                    HttpResponse.BodyHandlers.ofString());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void theSpanTravelsInTheResponseHeadAndStillEnds() throws Exception {
        HttpResponse<String> response = get(true, "/");

        assertThat(response.body()).isEqualTo("ok");
        assertThat(response.headers().firstValue(ResponseHeadSpan.HEADER)).hasValue("00f067aa0ba902b7;1;2;200;");
        assertThat(events).containsExactly("head 200", "status 200", "end");
        assertThat(get(true, "/missing").headers().firstValue(ResponseHeadSpan.HEADER))
                .hasValue("00f067aa0ba902b7;1;2;404;");
    }

    @Test
    void aSpanThatDoesNotFitTheHeadAddsNoHeader() throws Exception {
        HttpResponse<String> response = get(false, "/");

        assertThat(response.headers().firstValue(ResponseHeadSpan.HEADER)).isEmpty();
        assertThat(events).containsExactly("head 200", "status 200", "end");
    }
}
