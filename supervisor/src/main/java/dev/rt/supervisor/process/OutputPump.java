package dev.rt.supervisor.process;

import dev.rt.supervisor.log.RuntimeLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** Copies one output stream of a worker to the runtime log, line by line, on its own daemon thread. */
public final class OutputPump implements Runnable {
    private final InputStream stream;
    private final RuntimeLog log;
    private final String serviceId;
    private final int workerIndex;
    private final boolean stderr;

    private OutputPump(InputStream stream, RuntimeLog log, String serviceId, int workerIndex, boolean stderr) {
        this.stream = stream;
        this.log = log;
        this.serviceId = serviceId;
        this.workerIndex = workerIndex;
        this.stderr = stderr;
    }

    public static Thread start(InputStream stream, RuntimeLog log, String serviceId, int workerIndex, boolean stderr) {
        Thread thread = new Thread(new OutputPump(stream, log, serviceId, workerIndex, stderr),
                "rt-" + (stderr ? "stderr-" : "stdout-") + serviceId + ":" + workerIndex);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Override
    public void run() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                log.worker(serviceId, workerIndex, stderr, line);
            }
        } catch (IOException e) {
            // the worker is gone; its exit is reported by the supervisor
        }
    }
}
