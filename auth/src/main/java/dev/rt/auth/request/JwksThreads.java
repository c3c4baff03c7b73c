package dev.rt.auth.request;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads where token checks that must fetch a key set wait for it, off the servers' event loops: two daemon
 * threads at most, gone after a minute idle. Fetches are rare (once per {@code ttl} and per unknown key at most
 * once per {@code refreshInterval}), and nimbus lets one fetch run per issuer while the others wait for it.
 */
final class JwksThreads {
    static final Executor SHARED = create();

    private JwksThreads() {
    }

    private static Executor create() {
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(2, 2, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread thread = new Thread(task, "rt-auth-jwks-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }
}
