package dev.rt.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * What every open dashboard follows, fetched once for all of them: the runtime's log (one {@code /logs/live} stream
 * from the newest kept file on, its last lines held in a {@link LogTail} so that a new tab gets them first, then each
 * new line as it comes) and, once a second while at least one tab is open, the new history columns and the
 * state when it changed (the services every second, the rest every {@value #FULL_STATE_EVERY} seconds, or at once
 * after an action). With no tab open, only the log stream stays: the runtime serves nothing else. When the
 * runtime reloads (same process, a new management socket and log), it follows the new log from its start.
 */
final class LiveFeed implements AutoCloseable {
    /** The services are asked for every second; the runtime's metadata, scheduler and cache every this many. */
    static final int FULL_STATE_EVERY = 5;

    private final RuntimeLink link;
    private final Set<SseClient> clients = ConcurrentHashMap.newKeySet();
    private final LogTail tail = new LogTail(); // under this, but for cut (the log thread's)
    private final CountDownLatch ended = new CountDownLatch(1);
    private final ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor(daemon("rt-admin-poll"));
    private ScheduledFuture<?> polling;  // under this
    private int firstIndex;              // under this
    private long since;                  // the poll thread's: newest history column sent
    private String lastState = "";       // the poll thread's
    private long polls;                  // the poll thread's
    private volatile boolean refresh;

    LiveFeed(RuntimeLink link) {
        this.link = link;
    }

    /** Starts following the log from its newest kept file. */
    void start() throws IOException {
        JsonNode indexes = link.logIndexes().path("indexes");
        firstIndex = indexes.isEmpty() ? 0 : indexes.get(indexes.size() - 1).asInt();
        Thread follower = daemon("rt-admin-logs").newThread(this::follow);
        follower.start();
    }

    private void follow() {
        int from = firstIndex;
        while (true) {
            tail.restart();
            try {
                link.client().stream("/logs/live?start=" + from, chunk -> tail.cut(chunk, this::log));
            } catch (IOException | RuntimeException e) {
                // the stream ended: the runtime stopped, or is reloading (same process, a new management socket)
            }
            if (!link.awaitReturn()) {
                break;
            }
            from = 0; // a reloaded runtime keeps a new log
            broadcast("reloaded", "{}");
        }
        ended.countDown();
        clients.forEach(client -> {
            client.send("end", "{}");
            client.end();
        });
    }

    private synchronized void log(String line) {
        tail.keep(line);
        broadcast("log", line);
    }

    /** Hands {@code client} the kept log lines, then everything new; starts the polling for the first tab. */
    synchronized void join(SseClient client) {
        client.send("hello", "{\"firstLogIndex\":" + firstIndex + ",\"dropped\":" + tail.dropped() + "}");
        for (String line : tail.lines()) {
            client.send("log", line);
        }
        clients.add(client);
        if (polling == null) {
            since = System.currentTimeMillis() / 1000 - 2;
            polling = ticks.scheduleWithFixedDelay(this::poll, 0, 1, TimeUnit.SECONDS);
        }
    }

    /** Asks for the whole state at the next poll: an action may have changed any of it. */
    void refresh() {
        refresh = true;
    }

    /** The kept log lines, oldest first, for an export. */
    synchronized List<String> lines() {
        return tail.lines();
    }

    /** Waits until the runtime's log ends (it stopped) or {@code millis} pass; true when it ended. */
    boolean awaitEnd(long millis) throws InterruptedException {
        return ended.await(millis, TimeUnit.MILLISECONDS);
    }

    private void poll() {
        clients.removeIf(SseClient::ended);
        synchronized (this) {
            if (clients.isEmpty()) {
                polling.cancel(false);
                polling = null;
                return;
            }
        }
        try {
            byte[] history = link.history(since);
            JsonNode columns = RuntimeLink.JSON.readTree(history);
            if (columns.path("length").asInt() > 0) {
                since = columns.path("start").asLong() + columns.path("length").asLong() - 1;
                broadcast("history", new String(history, StandardCharsets.UTF_8));
            }
            boolean all = ++polls % FULL_STATE_EVERY == 0 || refresh;
            refresh = false;
            String state = link.state(all).toString();
            if (!state.equals(lastState)) {
                lastState = state;
                broadcast("state", state);
            }
        } catch (IOException | RuntimeException e) {
            broadcast("problem", RuntimeLink.JSON.createObjectNode().put("message", RuntimeLink.message(e)).toString());
        }
    }

    private synchronized void broadcast(String event, String data) {
        for (SseClient client : clients) {
            if (!client.send(event, data)) {
                clients.remove(client);
            }
        }
    }

    private static ThreadFactory daemon(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void close() {
        ticks.shutdownNow();
        clients.forEach(SseClient::end);
    }
}
