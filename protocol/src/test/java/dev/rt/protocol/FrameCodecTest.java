package dev.rt.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FrameCodecTest {

    static Stream<Message> everyMessage() {
        var app = JsonNodeFactory.instance.objectNode().put("build", "com.acme.Api");
        app.putArray("classpath").add("lib/*").add("classes");
        return Stream.of(
                new Hello(Protocol.VERSION, "api", 3, 4242L),
                new HelloAck("api", 3, "java", app, "/srv/api", List.of("--flag", "välue"), 40123, true, 1000,
                        List.of("http://idp-protected.example:8080"), 2_000, false, "a2V5"),
                new Ready(8080),
                new Ready(8082, "0.0.0.0"),
                new StartFailed("class com.acme.Api not found on the classpath"),
                new Stats(0.25, 1_000_000L, 2_000_000L, 4L << 30, 0.5),
                new Stop(7, 10_000),
                new Stopped(7),
                new MetricsRequest(9),
                new MetricsReport(9, List.of(
                        new MetricFamily("jvm_threads_current", "Current thread count", "", MetricFamily.GAUGE,
                                List.of(MetricSample.of(Map.of("pool", "é \"x\"\n"), 12))),
                        new MetricFamily("http_seconds", "", "seconds", MetricFamily.HISTOGRAM,
                                List.of(new MetricSample(Map.of(), 0, 3, 0.25, List.of(
                                        new MetricSample.Bucket(0.1, 2),
                                        new MetricSample.Bucket(Double.POSITIVE_INFINITY, 3)), List.of()))),
                        new MetricFamily("gc_seconds", "GC", "seconds", MetricFamily.SUMMARY,
                                List.of(new MetricSample(Map.of(), 0, 4, 1.5, List.of(),
                                        List.of(new MetricSample.Quantile(0.5, Double.NaN))))))),
                new Diagnose(8, Diagnose.PROFILE, "/tmp/rt-x/diagnostics/8.jfr", 30_000),
                new Diagnosed(8, false, "jdk.jfr is not available"),
                new MessageSend(11, "orders", "total", JsonNodeFactory.instance.objectNode().put("items", 3)),
                new MessageDelivery(12, "api", "total", JsonNodeFactory.instance.arrayNode().add(1).add("two")),
                MessageReply.success(12, JsonNodeFactory.instance.textNode("done")),
                MessageReply.failure(11, MessageReply.NO_HANDLER, "service \"orders\" has no handler for \"total\""),
                new HelloAck("api", 0, "java", app, "/srv/api", List.of(), 40123, false, 1000, List.of(), 2_000, true, ""),
                new SpanBatch(List.of(new WorkerSpan("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                        "00f067aa0ba902b7", "GET /products/:id", "SERVER", 1_795_000_000_000_000_000L,
                        1_795_000_000_002_000_000L, "", Map.of("http.route", "/products/:id"),
                        Map.of("http.response.status_code", 200L)))),
                new CacheInvalidation(5, List.of(new CacheInvalidation.Key("http://api.rt.local", "/products?page=1", ""),
                        new CacheInvalidation.Key("http://api.rt.local", "/a", "HEAD")), List.of("products")),
                new CacheInvalidated(5, ""),
                new MessageBroadcast("rt.db.events", JsonNodeFactory.instance.arrayNode().add("movie")));
    }

    @ParameterizedTest
    @MethodSource("everyMessage")
    void everyMessageSurvivesARoundTripThroughFrames(Message message) throws IOException {
        byte[] frame = FrameCodec.encode(message);

        assertThat(ByteBuffer.wrap(frame).getInt()).isEqualTo(frame.length - 4);
        Optional<Message> decoded = new FrameReader(new ByteArrayInputStream(frame)).read();
        assertThat(decoded).contains(message);
    }

    @Test
    void everyMessageHasItsWireNameAndARoundTripCase() {
        assertThat(MessageTypes.all().stream().map(MessageTypes::name)).containsExactlyInAnyOrder("hello", "helloAck",
                "ready", "startFailed", "stats", "stop", "stopped", "metricsRequest", "metricsReport", "diagnose",
                "diagnosed", "messageSend", "messageDelivery", "messageReply", "spanBatch", "cacheInvalidation",
                "cacheInvalidated", "messageBroadcast");
        assertThat(everyMessage().map(Object::getClass).distinct().count())
                .isEqualTo(Message.class.getPermittedSubclasses().length);
    }

    @Test
    void metricSamplesTravelAsCompactArrays() {
        String json = new String(FrameCodec.encodePayload(new MetricsReport(3, List.of(new MetricFamily("h_seconds",
                "", "seconds", MetricFamily.HISTOGRAM, List.of(new MetricSample(Map.of("a", "b"), 0, 2, 0.5,
                        List.of(new MetricSample.Bucket(Double.POSITIVE_INFINITY, 2)), List.of())))))),
                StandardCharsets.UTF_8);
        assertThat(json).isEqualTo("{\"v\":1,\"type\":\"metricsReport\",\"id\":3,\"families\":[{\"name\":\"h_seconds\","
                + "\"help\":\"\",\"unit\":\"seconds\",\"type\":\"histogram\","
                + "\"samples\":[[{\"a\":\"b\"},0.0,2,0.5,[[\"Infinity\",2]],[]]]}]}");
    }

    @Test
    void payloadCarriesProtocolVersionAndTypeName() {
        String json = new String(FrameCodec.encodePayload(new Ready(8080)), StandardCharsets.UTF_8);
        assertThat(json).isEqualTo("{\"v\":1,\"type\":\"ready\",\"port\":8080,\"address\":\"127.0.0.1\"}");
    }

    @Test
    void severalFramesOnOneStreamAreReadInOrderThenCleanEnd() throws IOException {
        var out = new ByteArrayOutputStream();
        var writer = new FrameWriter(out);
        writer.write(new Ready(1));
        writer.write(new Stopped(2));
        var reader = new FrameReader(new ByteArrayInputStream(out.toByteArray()));

        assertThat(reader.read()).contains(new Ready(1));
        assertThat(reader.read()).contains(new Stopped(2));
        assertThat(reader.read()).isEmpty();
    }

    @Test
    void frameLargerThanMaximumIsRefusedWithoutReadingIt() {
        byte[] header = ByteBuffer.allocate(4).putInt(Protocol.MAX_FRAME_BYTES + 1).array();
        var counting = new CountingStream(concat(header, new byte[64]));

        assertThatThrownBy(() -> new FrameReader(counting).read())
                .isInstanceOf(ProtocolException.class)
                .hasMessage("frame of 16777217 bytes exceeds the maximum of 16777216 bytes");
        assertThat(counting.bytesRead).isEqualTo(4);
    }

    @Test
    void lengthWithTopBitSetIsTreatedAsUnsignedAndRefused() {
        byte[] header = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(header)).read())
                .isInstanceOf(ProtocolException.class)
                .hasMessage("frame of 4294967295 bytes exceeds the maximum of 16777216 bytes");
    }

    @Test
    void declaredSizeIsNotAllocatedUpFront() {
        // 16 MiB declared, 10 bytes sent: the reader fails on truncation having buffered only what arrived.
        byte[] frame = concat(ByteBuffer.allocate(4).putInt(Protocol.MAX_FRAME_BYTES).array(), new byte[10]);
        readExpectingFailure(frame); // warm up: class loading allocates too
        long before = allocatedBytes();
        ProtocolException failure = readExpectingFailure(frame);
        long allocated = allocatedBytes() - before;

        assertThat(failure).hasMessage("truncated frame: the stream ended after 10 of 16777216 payload bytes");
        assertThat(allocated).isBetween(0L, 1L << 20);
    }

    private static ProtocolException readExpectingFailure(byte[] frame) {
        try {
            new FrameReader(new ByteArrayInputStream(frame)).read();
        } catch (ProtocolException expected) {
            return expected;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("no ProtocolException");
    }

    @Test
    void truncatedHeaderIsAProtocolError() {
        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(new byte[] {0, 0})).read())
                .isInstanceOf(ProtocolException.class)
                .hasMessage("truncated frame: the stream ended after 2 of 4 header bytes");
    }

    @Test
    void truncatedPayloadIsAProtocolError() {
        byte[] frame = FrameCodec.encode(new Ready(8080));
        byte[] cut = Arrays.copyOf(frame, frame.length - 3);
        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(cut)).read())
                .isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("truncated frame: the stream ended after");
    }

    @Test
    void emptyPayloadIsMalformed() {
        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(new byte[4])).read())
                .isInstanceOf(ProtocolException.class)
                .hasMessage("malformed frame: empty payload");
    }

    @Test
    void nonJsonPayloadIsMalformed() {
        assertThatThrownBy(() -> decode("{not json"))
                .isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("malformed frame: not JSON");
    }

    @Test
    void jsonThatIsNotAnObjectIsMalformed() {
        assertThatThrownBy(() -> decode("[1,2]"))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("malformed frame: expected a JSON object, found array");
    }

    @Test
    void missingVersionIsMalformed() {
        assertThatThrownBy(() -> decode("{\"type\":\"ready\",\"port\":1}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("malformed frame: no protocol version \"v\"");
    }

    @Test
    void otherProtocolVersionIsRefused() {
        assertThatThrownBy(() -> decode("{\"v\":99,\"type\":\"ready\",\"port\":1}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("protocol version 99 is not supported");
    }

    @Test
    void unknownMessageTypeIsMalformed() {
        assertThatThrownBy(() -> decode("{\"v\":1,\"type\":\"reboot\"}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("malformed frame:")
                .hasMessageContaining("reboot");
    }

    @Test
    void missingFieldIsMalformed() {
        assertThatThrownBy(() -> decode("{\"v\":1,\"type\":\"ready\"}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("malformed frame: Ready has no \"port\"");
    }

    @Test
    void fieldOfTheWrongTypeIsMalformed() {
        assertThatThrownBy(() -> decode("{\"v\":1,\"type\":\"ready\",\"port\":\"80\",\"address\":null}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("malformed frame: Ready.port is not an integer of the int range: found string");
        assertThatThrownBy(() -> decode("{\"v\":1,\"type\":\"stopped\",\"id\":null}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("malformed frame: Stopped.id is not an integer of the long range: found null");
    }

    @Test
    void unknownFieldsAreIgnored() throws IOException {
        assertThat(decode("{\"v\":1,\"type\":\"stopped\",\"id\":3,\"since\":{\"a\":[1]}}")).isEqualTo(new Stopped(3));
    }

    @Test
    void valueTheRecordRefusesIsMalformed() {
        String ack = "{\"v\":1,\"type\":\"helloAck\",\"serviceId\":\"a\",\"workerIndex\":0,\"kind\":\"java\","
                + "\"configuration\":{},\"serviceDirectory\":\"/srv/a\",\"arguments\":[],\"meshProxyPort\":1,"
                + "\"exitOnUnhandledErrors\":true,\"statsIntervalMillis\":1000,\"meshOrigins\":[],"
                + "\"messagingTimeoutMillis\":-1,\"traced\":false,\"identityKey\":\"\"}";
        assertThatThrownBy(() -> decode(ack))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("malformed frame: HelloAck is refused: messagingTimeoutMillis must not be negative, found -1");
    }

    @Test
    void frameWithinTheLimitIsAccepted() throws IOException {
        String big = "x".repeat(1 << 20);
        Message message = new StartFailed(big);
        assertThat(new FrameReader(new ByteArrayInputStream(FrameCodec.encode(message))).read()).contains(message);
    }

    private static Message decode(String json) throws IOException {
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        byte[] frame = concat(ByteBuffer.allocate(4).putInt(payload.length).array(), payload);
        return new FrameReader(new ByteArrayInputStream(frame)).read().orElseThrow();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static long allocatedBytes() {
        var bean = java.lang.management.ManagementFactory.getThreadMXBean();
        return ((com.sun.management.ThreadMXBean) bean).getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static final class CountingStream extends InputStream {
        private final InputStream delegate;
        long bytesRead;

        CountingStream(byte[] bytes) {
            this.delegate = new ByteArrayInputStream(bytes);
        }

        @Override
        public int read() throws IOException {
            int b = delegate.read();
            if (b >= 0) {
                bytesRead++;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = delegate.read(buffer, offset, length);
            if (n > 0) {
                bytesRead += n;
            }
            return n;
        }
    }
}
