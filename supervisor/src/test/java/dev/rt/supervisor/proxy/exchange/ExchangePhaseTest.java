package dev.rt.supervisor.proxy.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.TestUpstreams;
import dev.rt.supervisor.proxy.backend.BackendInitializer;
import dev.rt.supervisor.proxy.backend.BackendOptions;
import dev.rt.supervisor.proxy.backend.BackendPool;
import dev.rt.supervisor.proxy.route.MeshRoute;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The phases of a {@link ProxyExchange}, in memory: the client is an {@link EmbeddedChannel} through the real
 * server codec, each connection to a worker an {@link EmbeddedChannel} through the real {@link BackendInitializer},
 * on the client's event loop, opened (or refused) when the test says so. Bytes in, bytes out, no sockets.
 */
class ExchangePhaseTest {
    private static final InetSocketAddress FIRST = new InetSocketAddress("127.0.0.1", 3001);
    private static final InetSocketAddress SECOND = new InetSocketAddress("127.0.0.1", 3002);
    private static final long TIMEOUT_MILLIS = 1000;

    private final TestUpstreams upstreams = new TestUpstreams().service("b", FIRST, SECOND).service("one", FIRST)
            .service("none");
    private final EmbeddedChannel client = new EmbeddedChannel();
    private final ArrayDeque<Connect> connects = new ArrayDeque<>();
    private final List<EmbeddedChannel> workers = new ArrayList<>();
    private final BackendPool pool = new BackendPool(List.of(client.eventLoop()), BackendOptions.DEFAULTS, this::connect);
    private final ProxyFrontendHandler frontend = new ProxyFrontendHandler(new FrontendConfig(new MeshRoute(upstreams),
            upstreams, pool, TIMEOUT_MILLIS, ServerLimits.DEFAULTS.withHeadersTimeout(0), RequestObserver.NONE));

    ExchangePhaseTest() {
        client.freezeTime(); // serviceTimeout only passes when a test advances the clock
        client.pipeline().addLast("http", new HttpServerCodec()).addLast("frontend", frontend);
    }

    @AfterEach
    void close() {
        client.finishAndReleaseAll();
        for (EmbeddedChannel worker : List.copyOf(workers)) {
            if (worker.isRegistered()) {
                worker.finishAndReleaseAll();
            }
        }
    }

    /** A connect the exchange asked for, on the client's loop, that the test lets succeed or fail. */
    private record Connect(InetSocketAddress address, EmbeddedChannel worker, ChannelPromise promise, EventLoop loop) {
        EmbeddedChannel accept() {
            loop.register(worker).syncUninterruptibly();
            promise.setSuccess();
            return worker;
        }

        void refuse() {
            promise.setFailure(new ConnectException("Connection refused: " + address));
        }
    }

    private ChannelFuture connect(EventLoop loop, InetSocketAddress address, ChannelHandler initializer) {
        EmbeddedChannel worker = EmbeddedChannel.builder().register(false).handlers(initializer).build();
        workers.add(worker);
        Connect connect = new Connect(address, worker, new DefaultChannelPromise(worker, loop), loop);
        connects.add(connect);
        return connect.promise;
    }

    private Connect nextConnect(InetSocketAddress expected) {
        Connect connect = connects.poll();
        assertThat(connect).as("a connect the exchange asked for").isNotNull();
        assertThat(connect.address).isEqualTo(expected);
        return connect;
    }

    private void clientSends(String text) {
        client.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1));
    }

    private void workerSends(EmbeddedChannel worker, String text) {
        worker.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1));
        client.runPendingTasks(); // what the worker connection left to its loop, a close among them
    }

    private String clientReceived() {
        return received(client);
    }

    private static String received(EmbeddedChannel channel) {
        StringBuilder out = new StringBuilder();
        for (Object msg = channel.readOutbound(); msg != null; msg = channel.readOutbound()) {
            ByteBuf buf = (ByteBuf) msg;
            out.append(buf.toString(StandardCharsets.ISO_8859_1));
            buf.release();
        }
        return out.toString();
    }

    @Test
    void requestHeadWaitsForItsWorkerConnectionThenGoesWithTheBodySoFar() {
        clientSends("POST /up HTTP/1.1\r\nHost: b.rt.local\r\nContent-Length: 10\r\n\r\n12345");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CONNECTING);

        EmbeddedChannel worker = nextConnect(FIRST).accept();

        assertThat(frontend.phase()).isEqualTo(ExchangePhase.FORWARDING);
        assertThat(received(worker)).startsWith("POST /up HTTP/1.1\r\n").contains("host: 127.0.0.1:3001\r\n")
                .contains("x-forwarded-host: b.rt.local\r\n").endsWith("\r\n\r\n12345");
    }

    @Test
    void bodyStreamsToTheWorkerPieceByPieceAsItArrives() {
        clientSends("POST /up HTTP/1.1\r\nHost: b.rt.local\r\nTransfer-Encoding: chunked\r\n\r\n");
        EmbeddedChannel worker = nextConnect(FIRST).accept();
        received(worker);

        clientSends("3\r\nabc\r\n");
        assertThat(received(worker)).isEqualTo("3\r\nabc\r\n");
        clientSends("2\r\nde\r\n0\r\n\r\n");

        assertThat(received(worker)).isEqualTo("2\r\nde\r\n0\r\n\r\n");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.FORWARDING);
    }

    @Test
    void finalResponseHeadStartsTheResponseAndItsEndLeavesTheConnectionIdle() {
        clientSends("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
        EmbeddedChannel worker = nextConnect(FIRST).accept();

        workerSends(worker, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhe");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.RESPONDING);
        assertThat(clientReceived()).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nhe");
        workerSends(worker, "llo");

        assertThat(clientReceived()).isEqualTo("llo");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.IDLE);
        assertThat(client.isOpen()).isTrue();
    }

    @Test
    void keptAliveConnectionsTakeTheNextRequestOverTheSameWorkerConnection() {
        clientSends("GET /1 HTTP/1.1\r\nHost: one.rt.local\r\n\r\n");
        EmbeddedChannel worker = nextConnect(FIRST).accept();
        received(worker);
        workerSends(worker, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n1");
        clientReceived();

        clientSends("GET /2 HTTP/1.1\r\nHost: one.rt.local\r\n\r\n");

        assertThat(connects).as("no new connection: the pooled one is reused").isEmpty();
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.FORWARDING);
        assertThat(received(worker)).startsWith("GET /2 HTTP/1.1\r\n");
        workerSends(worker, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n2");
        assertThat(clientReceived()).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\n2");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.IDLE);
    }

    @Test
    void interimResponseGoesToTheClientAndTheExchangeStillForwards() {
        clientSends("POST /up HTTP/1.1\r\nHost: b.rt.local\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n");
        EmbeddedChannel worker = nextConnect(FIRST).accept();
        received(worker);

        workerSends(worker, "HTTP/1.1 100 Continue\r\n\r\n");
        assertThat(clientReceived()).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.FORWARDING);
        clientSends("ok");
        assertThat(received(worker)).isEqualTo("ok");
        workerSends(worker, "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n");

        assertThat(clientReceived()).startsWith("HTTP/1.1 201 Created\r\n");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.IDLE);
    }

    @Test
    void switchingProtocolsForAnUpgradeTurnsBothConnectionsIntoATunnel() {
        clientSends("GET /ws HTTP/1.1\r\nHost: b.rt.local\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n");
        EmbeddedChannel worker = nextConnect(FIRST).accept();
        assertThat(received(worker)).contains("upgrade: websocket\r\n").contains("connection: upgrade\r\n");

        workerSends(worker, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.TUNNEL);
        assertThat(clientReceived()).startsWith("HTTP/1.1 101 Switching Protocols\r\n");
        clientSends("frame from the client");
        workerSends(worker, "frame from the worker");

        assertThat(received(worker)).isEqualTo("frame from the client");
        assertThat(clientReceived()).isEqualTo("frame from the worker");
        assertThat(client.pipeline().get("frontend")).isNull();
    }

    @Test
    void switchingProtocolsNobodyAskedForClosesTheWorkerConnectionAndRetries() {
        clientSends("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
        EmbeddedChannel first = nextConnect(FIRST).accept();

        workerSends(first, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");

        assertThat(first.isOpen()).isFalse();
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CONNECTING);
        assertThat(clientReceived()).isEmpty();
    }

    @Test
    void meshConnectBecomesATunnelOnceItsWorkerConnectionIsOpen() {
        clientSends("CONNECT b.rt.local:80 HTTP/1.1\r\nHost: b.rt.local:80\r\n\r\n");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CONNECTING);

        EmbeddedChannel worker = nextConnect(FIRST).accept();
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.TUNNEL);
        assertThat(clientReceived()).startsWith("HTTP/1.1 200 OK\r\n");
        clientSends("GET /ws HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");

        assertThat(received(worker)).isEqualTo("GET /ws HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
    }

    @Test
    void clientClosingMidRequestClosesItsWorkerConnection() {
        clientSends("POST /up HTTP/1.1\r\nHost: b.rt.local\r\nContent-Length: 10\r\n\r\n123");
        EmbeddedChannel worker = nextConnect(FIRST).accept();

        client.close();

        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CLOSED);
        assertThat(worker.isOpen()).isFalse();
    }

    @Test
    void clientClosingWhileConnectingGivesTheConnectUp() {
        clientSends("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
        Connect connect = nextConnect(FIRST);

        client.close();

        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CLOSED);
        assertThat(connect.promise.isCancelled()).isTrue();
    }

    @Test
    void workerGoneBeforeTheResponseOfAReplayableRequestSendsItToTheNextWorker() {
        clientSends("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
        EmbeddedChannel first = nextConnect(FIRST).accept();

        first.close();
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CONNECTING);
        EmbeddedChannel second = nextConnect(SECOND).accept();

        assertThat(frontend.phase()).isEqualTo(ExchangePhase.FORWARDING);
        assertThat(received(second)).startsWith("GET /x HTTP/1.1\r\n").contains("host: 127.0.0.1:3002\r\n");
    }

    @Test
    void workerGoneAfterPartOfTheBodyReachedItIsAnswered502() {
        clientSends("POST /up HTTP/1.1\r\nHost: b.rt.local\r\nContent-Length: 2\r\n\r\nok");
        EmbeddedChannel worker = nextConnect(FIRST).accept();

        worker.close();

        assertThat(clientReceived()).startsWith("HTTP/1.1 502 Bad Gateway\r\n").contains("\"code\":\"RT_UPSTREAM_CLOSED\"");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.IDLE);
        assertThat(connects).isEmpty();
    }

    @Test
    void workerGoneAfterTheResponseBeganCutsTheClientConnection() {
        clientSends("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
        EmbeddedChannel worker = nextConnect(FIRST).accept();
        workerSends(worker, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npart");

        worker.close();
        client.runPendingTasks();

        assertThat(clientReceived()).endsWith("\r\n\r\npart");
        assertThat(client.isOpen()).isFalse();
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CLOSED);
    }

    @Test
    void everyWorkerRefusingTheConnectIsAnswered502ThenTheNextRequestIsTaken() {
        clientSends("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
        nextConnect(FIRST).refuse();
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CONNECTING);
        nextConnect(SECOND).refuse();

        assertThat(clientReceived()).startsWith("HTTP/1.1 502 Bad Gateway\r\n")
                .contains("\"code\":\"RT_UPSTREAM_UNREACHABLE\"");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.IDLE);
    }

    @Test
    void responseHeadLaterThanServiceTimeoutIsAnswered504AndItsWorkerConnectionClosed() {
        clientSends("GET /slow HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
        EmbeddedChannel worker = nextConnect(FIRST).accept();

        client.advanceTimeBy(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        client.runScheduledPendingTasks();

        assertThat(clientReceived()).startsWith("HTTP/1.1 504 Gateway Timeout\r\n")
                .contains("\"code\":\"RT_SERVICE_TIMEOUT\"");
        assertThat(worker.isOpen()).isFalse();
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.IDLE);
    }

    @Test
    void errorAnswerDropsTheRestOfTheBodyBeforeTheNextRequest() {
        clientSends("POST /up HTTP/1.1\r\nHost: none.rt.local\r\nContent-Length: 10\r\n\r\n12345");
        assertThat(clientReceived()).startsWith("HTTP/1.1 503 Service Unavailable\r\n");
        assertThat(frontend.phase()).isEqualTo(ExchangePhase.DISCARDING);

        clientSends("67890GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");

        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CONNECTING);
        assertThat(received(nextConnect(FIRST).accept())).startsWith("GET /x HTTP/1.1\r\n").doesNotContain("67890");
    }

    @Test
    void refusedConnectLetsTheNextRequestOnTheConnectionIn() {
        clientSends("CONNECT nope.rt.local:80 HTTP/1.1\r\nHost: nope.rt.local:80\r\n\r\n");
        assertThat(clientReceived()).startsWith("HTTP/1.1 502 Bad Gateway\r\n").contains("RT_SERVICE_NOT_FOUND");

        clientSends("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");

        assertThat(frontend.phase()).isEqualTo(ExchangePhase.CONNECTING);
        assertThat(nextConnect(FIRST)).isNotNull();
    }

    @Test
    void workerAnsweringBeforeTheWholeBodyArrivedEndsTheClientConnectionAfterTheAnswer() {
        clientSends("POST /up HTTP/1.1\r\nHost: b.rt.local\r\nContent-Length: 10\r\n\r\n12345");
        EmbeddedChannel worker = nextConnect(FIRST).accept();

        workerSends(worker, "HTTP/1.1 413 Content Too Large\r\nContent-Length: 0\r\n\r\n");
        client.runPendingTasks();

        assertThat(clientReceived()).startsWith("HTTP/1.1 413 Content Too Large\r\n");
        assertThat(client.isOpen()).isFalse();
        assertThat(worker.isOpen()).as("a worker connection with a request cut short is not reused").isFalse();
    }

    @Test
    void drainingServerClosesTheConnectionOnceTheCurrentAnswerIsOut() {
        clientSends("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");
        EmbeddedChannel worker = nextConnect(FIRST).accept();

        client.pipeline().fireUserEventTriggered(ProxyFrontendHandler.DRAIN);
        assertThat(client.isOpen()).isTrue();
        workerSends(worker, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        client.runPendingTasks();

        assertThat(clientReceived()).startsWith("HTTP/1.1 200 OK\r\n").contains("connection: close\r\n");
        assertThat(client.isOpen()).isFalse();
    }

    @Test
    void phasesLeadOnlyWhereTheDiagramSaysAndAnyToClosed() {
        Map<ExchangePhase, Set<ExchangePhase>> diagram = new EnumMap<>(Map.of(
                ExchangePhase.IDLE, EnumSet.of(ExchangePhase.CONNECTING),
                ExchangePhase.CONNECTING, EnumSet.of(ExchangePhase.FORWARDING, ExchangePhase.TUNNEL,
                        ExchangePhase.ERROR_ANSWER, ExchangePhase.LOCAL_ANSWER),
                ExchangePhase.FORWARDING, EnumSet.of(ExchangePhase.RESPONDING, ExchangePhase.TUNNEL,
                        ExchangePhase.CONNECTING, ExchangePhase.ERROR_ANSWER),
                ExchangePhase.RESPONDING, EnumSet.of(ExchangePhase.COMPLETING),
                ExchangePhase.COMPLETING, EnumSet.of(ExchangePhase.IDLE),
                ExchangePhase.ERROR_ANSWER, EnumSet.of(ExchangePhase.DISCARDING),
                ExchangePhase.DISCARDING, EnumSet.of(ExchangePhase.IDLE),
                ExchangePhase.TUNNEL, EnumSet.noneOf(ExchangePhase.class),
                ExchangePhase.CLOSED, EnumSet.noneOf(ExchangePhase.class)));
        diagram.put(ExchangePhase.LOCAL_ANSWER, EnumSet.of(ExchangePhase.DISCARDING));

        for (ExchangePhase from : ExchangePhase.values()) {
            for (ExchangePhase to : ExchangePhase.values()) {
                assertThat(from.leadsTo(to)).as(from + " -> " + to)
                        .isEqualTo(to == ExchangePhase.CLOSED || diagram.get(from).contains(to));
            }
        }
    }
}
