package dev.rt.kind.java;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.rt.kind.BusyTime;
import dev.rt.kind.KindException;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hosts the {@code HttpHandler} of a {@code java.build} application on 127.0.0.1 at an ephemeral port, with
 * a pool of request threads whose busy time is the worker's ELU.
 */
final class HandlerServer implements RunningApplication {
    private static final int BACKLOG = 1024;
    private static final Duration STOP_MARGIN = Duration.ofMillis(500);

    private final HttpServer server;
    private final ExecutorService requestThreads;
    private final BusyTime busyTime;

    private HandlerServer(HttpServer server, ExecutorService requestThreads, BusyTime busyTime) {
        this.server = server;
        this.requestThreads = requestThreads;
        this.busyTime = busyTime;
    }

    static HandlerServer start(HttpHandler handler, WorkerContext context) {
        int threads = Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), BACKLOG);
        } catch (IOException e) {
            throw new KindException("cannot listen on 127.0.0.1 for service \"" + context.serviceId()
                    + "\": " + e.getMessage());
        }
        AtomicInteger count = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads,
                task -> new Thread(task, "rt-http-" + count.incrementAndGet()));
        BusyTime busyTime = new BusyTime(threads);
        server.createContext("/", new BusyTimeHandler(
                TracingHandler.around(new ServerErrorHandler(handler, context.log()), context.tracing()), busyTime));
        server.setExecutor(pool);
        server.start();
        return new HandlerServer(server, pool, busyTime);
    }

    @Override
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public Optional<BusyTime> busyTime() {
        return Optional.of(busyTime);
    }

    /**
     * Closes the listener at once, waits for in-flight requests, then finishes the stop. {@code HttpServer.stop}
     * closes the listener first but, on JDK 17, waits out its whole delay when nothing is in flight, so it runs on
     * a thread of its own while the agent watches the in-flight count; then {@code stop(0)} on this thread closes
     * what connections are left and joins the server's dispatcher, whose selector holds the listening socket open
     * until it ends: when this returns, the port refuses connections.
     */
    @Override
    public void stop(Duration deadline) {
        Duration budget = deadline.minus(STOP_MARGIN).compareTo(Duration.ofSeconds(1)) < 0
                ? Duration.ofSeconds(1) : deadline.minus(STOP_MARGIN);
        long deadlineNanos = System.nanoTime() + budget.toNanos();
        Thread closer = new Thread(() -> server.stop((int) Math.max(1, budget.toSeconds())), "rt-http-stop");
        closer.setDaemon(true);
        closer.start();
        try {
            busyTime.awaitIdle(budget);
            server.stop(0);
            requestThreads.shutdown();
            requestThreads.awaitTermination(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
