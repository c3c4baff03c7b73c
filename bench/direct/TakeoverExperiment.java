import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.FullHttpRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Issue 35's experiment, not shipped: what a SIGKILLed accepting process costs the clients of a public port, for
 * the two ways a worker can accept on it.
 *
 * <ul>
 *   <li>{@code fd}: this process (the "supervisor") binds and listens, and hands the descriptor to each worker over
 *   a UNIX socket with SCM_RIGHTS (Netty's {@code Socket.sendFd}/{@code recvFd}); a worker wraps it in
 *   {@code EpollServerSocketChannel(fd)} and serves it.</li>
 *   <li>{@code reuseport}: each worker binds the port itself with SO_REUSEPORT (a group).</li>
 * </ul>
 *
 * Workers are JVMs running this file ({@code child}); one spare JVM waits, started, for the word to take over.
 * Clients open a new connection per request (so every request goes through the accept queue), 3 s of load, then
 * worker 0 gets SIGKILL and the spare is told to take the socket, 2 s more of load. Counted after the kill:
 * answers, refusals (ECONNREFUSED), resets or EOFs with no answer, timeouts, and the gap without any answer.
 *
 * Run: {@code bench/direct/takeover.sh} (compiles this file against Netty's jars in ~/.m2, runs each case).
 */
public final class TakeoverExperiment {
    public static void main(String[] args) throws Exception {
        io.netty.channel.epoll.Epoll.ensureAvailability(); // loads the native library Socket needs
        if (args[0].equals("child")) {
            child(args[1], args[2]);
        } else {
            run(args[1], Integer.parseInt(args[2]), args.length > 3 ? Integer.parseInt(args[3]) : 16);
        }
    }

    // ---------------------------------------------------------------- the worker
    static void child(String technique, String where) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String word = in.readLine(); // "go": a spare waits here until it takes over
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        ServerBootstrap bootstrap = new ServerBootstrap().group(group).childHandler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65536), new Hello());
            }
        });
        if (technique.equals("fd")) {
            io.netty.channel.unix.Socket domain = io.netty.channel.unix.Socket.newSocketDomain();
            domain.connect(new DomainSocketAddress(where));
            int fd;
            while ((fd = domain.recvFd()) <= 0) { // Netty's sockets are non-blocking: poll (an experiment)
                Thread.sleep(1);
            }
            int received = fd;
            domain.close();
            bootstrap.channelFactory(() -> new EpollServerSocketChannel(received)).register().sync();
        } else {
            bootstrap.channel(EpollServerSocketChannel.class).option(EpollChannelOption.SO_REUSEPORT, true)
                    .bind("127.0.0.1", Integer.parseInt(where)).sync();
        }
        System.out.println("ready " + ProcessHandle.current().pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    static final class Hello extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.copiedBuffer("hello", StandardCharsets.UTF_8));
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH, 5);
            boolean keep = HttpUtil.isKeepAlive(request);
            var future = ctx.writeAndFlush(response);
            if (!keep) {
                future.addListener(ChannelFutureListener.CLOSE);
            }
        }
    }

    // ---------------------------------------------------------------- the supervisor and the clients
    static void run(String technique, int workers, int clients) throws Exception {
        Path dir = Files.createTempDirectory("takeover");
        String where;
        int port;
        io.netty.channel.unix.Socket listening = null;
        if (technique.equals("fd")) {
            listening = io.netty.channel.unix.Socket.newSocketStream();
            listening.setReuseAddress(true);
            listening.bind(new InetSocketAddress("127.0.0.1", 0));
            listening.listen(1024);
            port = listening.localAddress().getPort();
            io.netty.channel.unix.Socket handout = io.netty.channel.unix.Socket.newSocketDomain();
            where = dir.resolve("fd.sock").toString();
            handout.bind(new DomainSocketAddress(where));
            handout.listen(16);
            int fd = listening.intValue();
            Thread giver = new Thread(() -> {
                while (true) {
                    try {
                        int peer = handout.accept(new byte[32]);
                        if (peer < 0) { // non-blocking: poll (an experiment)
                            Thread.sleep(1);
                            continue;
                        }
                        io.netty.channel.unix.Socket worker = new io.netty.channel.unix.Socket(peer);
                        worker.sendFd(fd);
                        worker.close();
                    } catch (IOException | InterruptedException e) {
                        return;
                    }
                }
            });
            giver.setDaemon(true);
            giver.start();
        } else {
            try (ServerSocket probe = new ServerSocket(0)) {
                port = probe.getLocalPort();
            }
            where = Integer.toString(port);
        }
        List<Process> running = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            running.add(start(technique, where, true));
        }
        Process spare = start(technique, where, false);

        AtomicBoolean afterKill = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        LongAdder ok = new LongAdder(), refused = new LongAdder(), reset = new LongAdder(), timeout = new LongAdder();
        LongAdder okBefore = new LongAdder();
        AtomicLong killedAt = new AtomicLong(), lastOkBeforeGap = new AtomicLong(), firstOkAfter = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            Thread client = new Thread(() -> {
                while (!stop.get()) {
                    String outcome = request(port);
                    long now = System.nanoTime();
                    if (!afterKill.get()) {
                        if (outcome.equals("ok")) {
                            okBefore.increment();
                        }
                        continue;
                    }
                    switch (outcome) {
                        case "ok" -> {
                            ok.increment();
                            firstOkAfter.compareAndSet(0, now);
                        }
                        case "refused" -> {
                            refused.increment();
                            pause(); // a refused connect returns at once: do not spin the machine
                        }
                        case "timeout" -> timeout.increment();
                        default -> reset.increment();
                    }
                }
            });
            threads.add(client);
            client.start();
        }
        Thread.sleep(3000); // warm-up: the workers' JIT
        afterKill.set(true);
        killedAt.set(System.nanoTime());
        running.get(0).destroyForcibly(); // SIGKILL
        go(spare);
        awaitReady(spare);
        long spareReady = System.nanoTime();
        Thread.sleep(2000);
        stop.set(true);
        for (Thread t : threads) {
            t.join();
        }
        String firstAnswer = firstOkAfter.get() == 0 ? "none"
                : String.format("%.1f ms", (firstOkAfter.get() - killedAt.get()) / 1e6);
        System.out.printf("%s workers=%d clients=%d before-kill ok=%d | after kill (2 s): ok=%d refused=%d reset=%d"
                        + " timeout=%d first-answer-after-kill=%s spare-serving-after=%.1f ms%n",
                technique, workers, clients, okBefore.sum(), ok.sum(), refused.sum(), reset.sum(), timeout.sum(),
                firstAnswer, (spareReady - killedAt.get()) / 1e6);
        for (Process p : running) {
            p.destroyForcibly();
        }
        spare.destroyForcibly();
        if (listening != null) {
            listening.close();
        }
    }

    static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String request(int port) {
        try (Socket socket = new Socket()) {
            socket.setSoTimeout(3000);
            socket.connect(new InetSocketAddress("127.0.0.1", port), 3000);
            OutputStream out = socket.getOutputStream();
            out.write("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            byte[] all = socket.getInputStream().readAllBytes();
            String text = new String(all, StandardCharsets.US_ASCII);
            return text.startsWith("HTTP/1.1 200") ? "ok" : "eof";
        } catch (ConnectException e) {
            return "refused";
        } catch (SocketTimeoutException e) {
            return "timeout";
        } catch (IOException e) {
            return "reset";
        }
    }

    static Process start(String technique, String where, boolean now) throws Exception {
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "-Xshare:auto",
                "TakeoverExperiment", "child", technique, where).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (now) {
            go(p);
            awaitReady(p);
        }
        return p;
    }

    static void go(Process p) throws IOException {
        p.getOutputStream().write("go\n".getBytes(StandardCharsets.US_ASCII));
        p.getOutputStream().flush();
    }

    static void awaitReady(Process p) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.startsWith("ready")) {
            throw new IOException("worker did not start: " + line);
        }
    }
}
