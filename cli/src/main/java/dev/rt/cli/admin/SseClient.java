package dev.rt.cli.admin;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One browser following {@code GET /events}: server-sent events written to its response as they come. A write that
 * fails (the tab was closed) ends it; the handler's thread waits in {@link #awaitEnd} until then.
 */
final class SseClient {
    private final OutputStream out;
    private final CountDownLatch ended = new CountDownLatch(1);

    SseClient(OutputStream out) {
        this.out = out;
    }

    /** Sends one event ({@code data} is one line of JSON); false once the browser is gone. */
    synchronized boolean send(String event, String data) {
        if (ended.getCount() == 0) {
            return false;
        }
        try {
            out.write(("event: " + event + "\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return true;
        } catch (IOException e) {
            end();
            return false;
        }
    }

    void end() {
        ended.countDown();
    }

    boolean ended() {
        return ended.getCount() == 0;
    }

    void awaitEnd() throws InterruptedException {
        while (!ended.await(15, TimeUnit.SECONDS)) {
            send("ping", "{}"); // finds a tab closed while nothing else was sent
        }
    }
}
