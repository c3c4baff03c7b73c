package dev.rt.deploy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Requests sent through the load balancer by a few client threads, each on its own kept-alive connection, for as long
 * as a test does something to the hosts behind it; bounded in time (it stops by itself after ten minutes). Every answer
 * that is not a 200, and every request that fails, is a failure, kept with the time and the reason.
 */
final class Load implements AutoCloseable {
    private static final long MAX_MILLIS = Duration.ofMinutes(10).toMillis();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicInteger succeeded = new AtomicInteger();
    private final List<String> failures = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    Load(String url, int clients) {
        long started = System.currentTimeMillis();
        for (int i = 0; i < clients; i++) {
            Thread thread = new Thread(() -> run(url, started), "load-" + i);
            thread.setDaemon(true);
            threads.add(thread);
        }
        threads.forEach(Thread::start);
    }

    private void run(String url, long started) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build();
        while (running.get() && System.currentTimeMillis() - started < MAX_MILLIS) {
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    succeeded.incrementAndGet();
                } else {
                    fail(response.statusCode() + " " + response.body().strip());
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                fail(e.toString());
            }
        }
    }

    private void fail(String reason) {
        synchronized (failures) {
            failures.add(System.currentTimeMillis() + " " + reason);
        }
    }

    int succeeded() {
        return succeeded.get();
    }

    List<String> failures() {
        synchronized (failures) {
            return List.copyOf(failures);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread thread : threads) {
            thread.join(Duration.ofSeconds(35).toMillis());
        }
    }
}
