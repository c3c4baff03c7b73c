package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.supervisor.proxy.backend.BackendOptions;
import dev.rt.supervisor.proxy.route.MeshRoute;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code undici.headersTimeout} and {@code undici.bodyTimeout} on the mesh, against workers that are slow on
 * purpose: a head late after the whole request arrived is answered 504, a body that pauses too long is cut, while
 * a slow upload or a body that keeps coming is not. The pauses below are what the workers and the client do, the
 * behaviour under test; every wait for the outcome is on an event.
 */
@Timeout(30)
class MeshClientTimeoutsTest {
    /** Short where only its passing is awaited; the two tests that need it not to pass use longer ones. */
    private static final long LIMIT_MILLIS = 400;
    /** Long enough for a worker on a loaded machine to answer, or send its next part, in time. */
    private static final long LENIENT_MILLIS = 2000;
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = resources.open(new ProxyEventLoops(1));

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    /** A client of the mesh whose only service {@code b} is {@code worker}, with serviceTimeout 20 s. */
    private HttpClient meshTo(ScriptedBackend worker, long headersTimeout, long bodyTimeout) {
        TestUpstreams upstreams = new TestUpstreams().service("b", resources.open(worker).address());
        MeshProxy mesh = resources.open(new MeshProxy(loops, new MeshRoute(upstreams), upstreams,
                Duration.ofSeconds(20), new BackendOptions(60_000, 600_000, Integer.MAX_VALUE, 1000, headersTimeout,
                        bodyTimeout)));
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).proxy(ProxySelector.of(mesh.bind()))
                .build();
    }

    @Test
    void aHeadThatDoesNotComeWithinHeadersTimeoutIsAnswered504NamingTheSetting() throws Exception {
        CountDownLatch workerSawClose = new CountDownLatch(1);
        HttpClient client = meshTo(new ScriptedBackend((socket, in, head) -> {
            drain(in);
            workerSawClose.countDown();
        }), LIMIT_MILLIS, 0);

        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create("http://b.rt.local/late"))
                .build(), BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(504);
        assertThat(response.body()).isEqualTo("{\"statusCode\":504,\"error\":\"Gateway Timeout\",\"code\":"
                + "\"RT_SERVICE_TIMEOUT\",\"message\":\"Service \\\"b\\\" did not answer within 400 ms"
                + " (undici.headersTimeout)\"}");
        assertThat(workerSawClose.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void headersTimeoutCountsFromTheEndOfTheRequestNotWhileItIsStillBeingSent() throws Exception {
        HttpClient client = meshTo(new ScriptedBackend((socket, in, head) -> {
            byte[] body = readChunkedBody(in);
            answer(socket.getOutputStream(), "got " + body.length);
        }), LENIENT_MILLIS, 0);
        byte[] part = new byte[1024];

        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create("http://b.rt.local/upload"))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new SlowUpload(part, 5))).build(),
                BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("got 5120");
    }

    @Test
    void aBodyThatPausesLongerThanBodyTimeoutIsCutAndTheWorkersConnectionClosed() throws Exception {
        CountDownLatch workerSawClose = new CountDownLatch(1);
        HttpClient client = meshTo(new ScriptedBackend((socket, in, head) -> {
            OutputStream out = socket.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nfirst\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            drain(in); // the rest never comes
            workerSawClose.countDown();
        }), 0, LIMIT_MILLIS);

        assertThatThrownBy(() -> client.send(HttpRequest.newBuilder(URI.create("http://b.rt.local/stalls")).build(),
                BodyHandlers.ofString())).isInstanceOf(IOException.class);
        assertThat(workerSawClose.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aBodyWhosePartsKeepComingWithinBodyTimeoutArrivesWholeHoweverLongItTakes() throws Exception {
        HttpClient client = meshTo(new ScriptedBackend((socket, in, head) -> {
            OutputStream out = socket.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 6; i++) { // 6 parts 500 ms apart: 3 s in all, more than the limit
                out.write(("1\r\n" + i + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            drain(in);
        }), 0, LENIENT_MILLIS);

        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create("http://b.rt.local/drip"))
                .build(), BodyHandlers.ofString());

        assertThat(response.body()).isEqualTo("012345");
    }

    private static void answer(OutputStream out, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }

    private static void drain(InputStream in) throws IOException {
        while (in.read() >= 0) {
            // until the proxy closes the connection
        }
    }

    /** A chunked request body, read to its end: its bytes. */
    private static byte[] readChunkedBody(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        while (true) {
            StringBuilder size = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("closed inside the body");
                }
                if (c != '\r') {
                    size.append((char) c);
                }
            }
            int length = Integer.parseInt(size.toString().split(";")[0].trim(), 16);
            body.write(in.readNBytes(length));
            in.readNBytes(2);
            if (length == 0) {
                return body.toByteArray();
            }
        }
    }

    /** {@code parts} copies of {@code part}, 500 ms apart, longer in all than the limit: a slow client's upload. */
    private static final class SlowUpload extends InputStream {
        private final byte[] part;
        private int left;
        private int at;

        SlowUpload(byte[] part, int parts) {
            this.part = part;
            this.left = parts;
            this.at = part.length;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            if (at == part.length) {
                if (left == 0) {
                    return -1;
                }
                left--;
                at = 0;
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
            }
            int n = Math.min(length, part.length - at);
            System.arraycopy(part, at, into, offset, n);
            at += n;
            return n;
        }
    }
}
