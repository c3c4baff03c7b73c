import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The target of scheduler.sh's jobs, run with `java Receiver.java PORT_FILE WARMUP_S MEASURE_S OUT_FILE`: answers
 * 204 to every request and, for the calls that arrive during the MEASURE_S seconds after WARMUP_S, records how late
 * each came after the whole second it was due at (every job fires on "* * * * * *"). Then writes
 * "calls seconds p50_ms p90_ms p99_ms max_ms" to OUT_FILE, and goes on answering until PORT_FILE.stop exists (the
 * runtime stopped first: a receiver gone before it would fail the calls of the firings in between). Binds 127.0.0.1
 * on a free port, written to PORT_FILE.
 */
public final class Receiver {
    public static void main(String[] args) throws Exception {
        long warmup = Long.parseLong(args[1]) * 1000;
        long measure = Long.parseLong(args[2]) * 1000;
        int[] late = new int[4_000_000];
        AtomicInteger count = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(Executors.newFixedThreadPool(8));
        long[] window = new long[2];
        server.createContext("/", exchange -> {
            long now = System.currentTimeMillis();
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            if (window[0] > 0 && now >= window[0] && now < window[1]) {
                int i = count.getAndIncrement();
                if (i < late.length) {
                    late[i] = (int) (now % 1000);
                }
            }
        });
        server.start();
        Files.writeString(Path.of(args[0]), Integer.toString(server.getAddress().getPort()));
        // the first call starts the clock: the warm-up counts from the scheduler's first firing
        while (true) {
            Thread.sleep(50);
            if (Files.exists(Path.of(args[0] + ".go"))) {
                long start = System.currentTimeMillis();
                window[1] = start + warmup + measure;
                window[0] = start + warmup;
                break;
            }
        }
        Thread.sleep(warmup + measure + 500);
        int n = Math.min(count.get(), late.length);
        int[] sorted = Arrays.copyOf(late, n);
        Arrays.sort(sorted);
        Path written = Path.of(args[3] + ".tmp");
        Files.writeString(written, n + " " + measure / 1000 + " " + at(sorted, 0.50) + " " + at(sorted, 0.90)
                + " " + at(sorted, 0.99) + " " + (n == 0 ? 0 : sorted[n - 1]) + "\n");
        Files.move(written, Path.of(args[3]), StandardCopyOption.ATOMIC_MOVE);
        while (!Files.exists(Path.of(args[0] + ".stop"))) {
            Thread.sleep(50);
        }
        server.stop(0);
        System.exit(0);
    }

    private static int at(int[] sorted, double quantile) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)];
    }
}
