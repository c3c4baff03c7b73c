package dev.rt.deploy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The scheduler's callbacks as they arrive from the replicas: a job fires every {@value #PERIOD_MILLIS} ms
 * ({@link #CRON}), each replica names itself in a header, and this server (on the bridge's side of the hosts'
 * network) keeps who called when. A firing run twice shows as more firings than periods (a retry,
 * {@code x-retry-attempt} above 1, is counted apart); a firing missed as fewer.
 */
final class Ticks implements AutoCloseable {
    /** The job's cron: every 3 s, a divisor of a minute. */
    static final String CRON = "*/3 * * * * *";
    static final long PERIOD_MILLIS = 3000;
    /** One call: which replica, when it arrived, and which attempt of its firing it is (1, or a retry). */
    record Tick(String replica, long millis, int attempt) {
    }

    /** What a stretch of calls shows: the firings (first attempts), doubled, missed, the longest gap, the retries. */
    record Count(int ticks, int doubled, int missed, long longestGapMillis, int retries) {
    }

    private final List<Tick> ticks = new ArrayList<>();
    private final HttpServer server;
    private final Path log;

    /** Listens on {@code address:port}; every call is also written to {@code log}, one line each. */
    Ticks(String address, int port, Path log) throws IOException {
        this.log = log;
        Files.deleteIfExists(log);
        server = HttpServer.create(new InetSocketAddress(address, port), 0);
        server.createContext("/tick", exchange -> {
            try (exchange) {
                String attempt = exchange.getRequestHeaders().getFirst("x-retry-attempt");
                record(new Tick(exchange.getRequestHeaders().getFirst("x-replica"), System.currentTimeMillis(),
                        attempt == null ? 1 : Integer.parseInt(attempt)));
                exchange.sendResponseHeaders(200, -1);
            }
        });
        server.start();
    }

    private synchronized void record(Tick tick) {
        ticks.add(tick);
        notifyAll();
        try {
            Files.writeString(log, tick.millis() + " " + tick.replica() + " " + tick.attempt() + "\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The calls that arrived after {@code since}. */
    synchronized List<Tick> since(long since) {
        return ticks.stream().filter(t -> t.millis() > since).toList();
    }

    /** Waits for {@code count} calls after {@code since} matching {@code replica} (any when null). */
    synchronized List<Tick> await(long since, String replica, int count, long limitMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + limitMillis;
        while (true) {
            List<Tick> matching = since(since).stream().filter(t -> replica == null || replica.equals(t.replica()))
                    .toList();
            if (matching.size() >= count) {
                return matching;
            }
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new AssertionError(count + " calls" + (replica == null ? "" : " from " + replica)
                        + " expected, found " + matching + " among " + since(since));
            }
            wait(left);
        }
    }

    /**
     * The firings of [{@code from}, {@code to}] (first attempts): from the period the first arrived in to that of the
     * last, one firing per period, both included. A call on time arrives within the period it is due in (at a load of
     * 20 on this machine, firings every second arrived up to 1.6 s late, hence periods of 3 s); the window's ends are
     * calls on time. More is a firing run twice; fewer, firings missed. Counting by the period rather than by the gap
     * between two calls keeps a late firing (Quartz's clustered store fires those a takeover held back one after
     * another) from reading as a double.
     */
    synchronized Count count(long from, long to) {
        List<Tick> window = ticks.stream().filter(t -> t.millis() >= from && t.millis() <= to).toList();
        List<Long> times = window.stream().filter(t -> t.attempt() == 1).map(Tick::millis).sorted().toList();
        long longest = 0;
        for (int i = 1; i < times.size(); i++) {
            longest = Math.max(longest, times.get(i) - times.get(i - 1));
        }
        int expected = times.isEmpty() ? 0
                : (int) (times.get(times.size() - 1) / PERIOD_MILLIS - times.get(0) / PERIOD_MILLIS) + 1;
        return new Count(times.size(), Math.max(0, times.size() - expected), Math.max(0, expected - times.size()),
                longest, (int) window.stream().filter(t -> t.attempt() > 1).count());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
