package dev.rt.supervisor.cache;

import dev.rt.supervisor.concurrent.DaemonThreads;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A store in Redis ({@code httpCache.store: "redis://host[:port][/db]"}), which the replicas of a runtime share: the
 * variants of a key are one value ({@link StoredResponseCodec}) that expires when its freshest variant goes stale,
 * and each tag is a set of the keys carrying it. Every command runs on one thread of its own, in order, so the
 * proxy's event loops never wait on Redis; when Redis cannot be reached a lookup is a miss and nothing is stored.
 * {@code maxCount} and {@code maxSize} bound what all the replicas store together, the oldest stored evicted first
 * ({@link RedisBounds}); {@code maxEntrySize} applies as in memory, and Redis's own {@code maxmemory} still may.
 */
final class RedisStore implements CacheStore {
    static final String PREFIX = "rt:http-cache:";
    private static final String TAG_PREFIX = "rt:http-cache-tag:";

    private final RespConnection connection;
    private final RedisBounds bounds;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(DaemonThreads.named("rt-http-cache-redis"));

    RedisStore(URI uri, CacheLimits limits) {
        String path = uri.getPath() == null ? "" : uri.getPath().replace("/", "");
        this.connection = new RespConnection(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort(),
                path.isEmpty() ? 0 : Integer.parseInt(path));
        this.bounds = new RedisBounds(connection, limits);
    }

    static String name(CacheKey key) {
        return PREFIX + key.method() + " " + key.origin() + key.path();
    }

    @Override
    public CompletionStage<List<StoredResponse>> get(CacheKey key) {
        CompletableFuture<List<StoredResponse>> found = new CompletableFuture<>();
        executor.execute(() -> found.complete(variants(name(key))));
        return found;
    }

    private List<StoredResponse> variants(String name) {
        try {
            byte[] value = (byte[]) connection.command("GET", name);
            return value == null ? List.of() : StoredResponseCodec.read(value);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    @Override
    public void put(CacheKey key, StoredResponse response) {
        executor.execute(() -> {
            String name = name(key);
            List<StoredResponse> next = new ArrayList<>();
            variants(name).stream().filter(v -> !v.vary().equals(response.vary())).forEach(next::add);
            next.add(response);
            long now = System.currentTimeMillis();
            long ttl = next.stream().mapToLong(v -> (v.lifetime() - v.ageAt(now)) * 1000).max().orElse(0);
            if (ttl <= 0) {
                return;
            }
            try {
                bounds.put(name, StoredResponseCodec.write(next), ttl);
                for (String tag : response.tags()) {
                    connection.command("SADD", TAG_PREFIX + tag, name);
                }
            } catch (IOException | RuntimeException e) {
                // not stored: the next request goes to the service again
            }
        });
    }

    @Override
    public void delete(Collection<CacheKey> keys) {
        List<String> names = keys.stream().map(RedisStore::name).toList();
        executor.execute(() -> {
            try {
                bounds.delete(names);
            } catch (IOException | RuntimeException e) {
                // Redis unreachable: what it holds expires on its own
            }
        });
    }

    @Override
    public void deleteTags(Collection<String> tags) {
        List<String> copy = List.copyOf(tags);
        executor.execute(() -> {
            try {
                for (String tag : copy) {
                    Object members = connection.command("SMEMBERS", TAG_PREFIX + tag);
                    if (members instanceof List<?> names) {
                        bounds.delete(names.stream().map(name -> new String((byte[]) name, StandardCharsets.UTF_8))
                                .toList());
                    }
                    connection.command("DEL", TAG_PREFIX + tag);
                }
            } catch (IOException | RuntimeException e) {
                // Redis unreachable: what it holds expires on its own
            }
        });
    }

    @Override
    public long count() {
        return scan()[0];
    }

    @Override
    public long size() {
        return scan()[1];
    }

    /** The number of keys and their bytes in Redis, from a scan of the cache's keys (for metrics); -1 when unknown. */
    private long[] scan() {
        try {
            return CompletableFuture.supplyAsync(() -> {
                long keys = 0;
                long bytes = 0;
                String cursor = "0";
                try {
                    do {
                        List<?> reply = (List<?>) connection.command("SCAN", cursor, "MATCH", PREFIX + "*", "COUNT", "1000");
                        cursor = new String((byte[]) reply.get(0), StandardCharsets.UTF_8);
                        for (Object name : (List<?>) reply.get(1)) {
                            keys++;
                            bytes += (Long) connection.command("STRLEN", name);
                        }
                    } while (!cursor.equals("0"));
                } catch (IOException | RuntimeException e) {
                    return new long[] {-1, -1};
                }
                return new long[] {keys, bytes};
            }, executor).get(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            return new long[] {-1, -1};
        }
    }

    @Override
    public void close() {
        executor.execute(connection::close);
        executor.shutdown();
    }
}
