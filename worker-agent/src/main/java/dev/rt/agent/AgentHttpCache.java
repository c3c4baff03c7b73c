package dev.rt.agent;

import dev.rt.kind.HttpCacheInvalidation;
import dev.rt.kind.KindException;
import dev.rt.protocol.CacheInvalidated;
import dev.rt.protocol.CacheInvalidation;
import dev.rt.protocol.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The worker's {@link HttpCacheInvalidation}: each call is a {@link CacheInvalidation} frame to the supervisor, which
 * removes the responses from the runtime's cache and answers; the call returns then, or fails with the supervisor's
 * reason, or after {@link #LIMIT}.
 */
final class AgentHttpCache implements HttpCacheInvalidation {
    static final Duration LIMIT = Duration.ofSeconds(30);

    private final Predicate<Message> sink;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<String>> pending = new ConcurrentHashMap<>();

    /** @param sink sends a frame to the supervisor; false once the socket is gone */
    AgentHttpCache(Predicate<Message> sink) {
        this.sink = sink;
    }

    @Override
    public void invalidate(List<Key> keys, List<String> tags) {
        List<CacheInvalidation.Key> sent = new ArrayList<>(keys.size());
        for (Key key : keys) {
            sent.add(new CacheInvalidation.Key(key.origin(), key.path(), key.method().orElse("")));
        }
        long id = ids.incrementAndGet();
        CompletableFuture<String> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            if (!sink.test(new CacheInvalidation(id, sent, List.copyOf(tags)))) {
                throw new KindException("cannot invalidate the HTTP cache: the connection to the supervisor is gone");
            }
            String error = answer.get(LIMIT.toMillis(), TimeUnit.MILLISECONDS);
            if (!error.isEmpty()) {
                throw new KindException("cannot invalidate the HTTP cache: " + error);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KindException("interrupted while invalidating the HTTP cache");
        } catch (ExecutionException e) {
            throw new KindException("cannot invalidate the HTTP cache: " + e.getCause());
        } catch (TimeoutException e) {
            throw new KindException("the supervisor did not invalidate the HTTP cache within " + LIMIT.toSeconds() + " s");
        } finally {
            pending.remove(id);
        }
    }

    /** The supervisor's answer; one nobody waits for any more is dropped. */
    void answered(CacheInvalidated answer) {
        CompletableFuture<String> waiting = pending.get(answer.id());
        if (waiting != null) {
            waiting.complete(answer.error());
        }
    }
}
