package dev.rt.supervisor;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Requests sent in a loop by a few client threads while a test does something to the runtime. Every answer
 * that is not a 200 whose body passes the check, and every request that fails, is a failure, kept with its
 * reason. Each thread uses its own keep-alive connection, like a real client.
 */
final class Load implements AutoCloseable {
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicInteger succeeded = new AtomicInteger();
    private final List<String> failures = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    private Load(List<String> urls, int threadsPerUrl, Predicate<String> bodyOk) {
        for (String url : urls) {
            for (int i = 0; i < threadsPerUrl; i++) {
                Thread thread = new Thread(() -> run(url, bodyOk), "load-" + threads.size());
                thread.setDaemon(true);
                threads.add(thread);
            }
        }
        threads.forEach(Thread::start);
    }

    /** Starts {@code threadsPerUrl} client threads per url. */
    static Load start(List<String> urls, int threadsPerUrl, Predicate<String> bodyOk) {
        return new Load(urls, threadsPerUrl, bodyOk);
    }

    private void run(String url, Predicate<String> bodyOk) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build();
        while (running.get()) {
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200 && bodyOk.test(response.body())) {
                    succeeded.incrementAndGet();
                    synchronized (succeeded) {
                        succeeded.notifyAll();
                    }
                } else {
                    fail(url + " answered " + response.statusCode() + " " + response.body());
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                fail(url + " failed: " + e);
            }
        }
    }

    private void fail(String reason) {
        synchronized (failures) {
            failures.add(reason);
        }
    }

    /** Waits until at least {@code count} more requests have succeeded. */
    void awaitSuccesses(int count, Duration limit) throws InterruptedException {
        int target = succeeded.get() + count;
        long deadline = System.nanoTime() + limit.toNanos();
        synchronized (succeeded) {
            while (succeeded.get() < target) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("fewer than " + count + " requests succeeded within " + limit
                            + "; failures: " + failures());
                }
                succeeded.wait(Math.max(1, left / 1_000_000));
            }
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

    /** Stops the threads after their current request. */
    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread thread : threads) {
            thread.join(Duration.ofSeconds(35).toMillis());
        }
    }
}
