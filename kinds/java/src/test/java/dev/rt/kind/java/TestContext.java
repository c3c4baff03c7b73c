package dev.rt.kind.java;

import dev.rt.kind.KindLog;
import dev.rt.kind.WorkerContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;

/** A worker context for running the kind in the test's own JVM; its log keeps what it was given. */
record TestContext(Path serviceDirectory, Map<String, Object> configuration, List<String> logged)
        implements WorkerContext {

    TestContext(Path serviceDirectory) {
        this(serviceDirectory, Map.of(), new CopyOnWriteArrayList<>());
    }

    @Override
    public String serviceId() {
        return "api";
    }

    @Override
    public int workerIndex() {
        return 0;
    }

    @Override
    public String configurationJson() {
        return "{}";
    }

    @Override
    public List<String> arguments() {
        return List.of();
    }

    @Override
    public OptionalInt offeredPort() {
        return OptionalInt.empty();
    }

    @Override
    public Map<String, String> environment() {
        return Map.of();
    }

    @Override
    public KindLog log() {
        return new KindLog() {
            @Override
            public void debug(String message) {
                logged.add("DEBUG " + message);
            }

            @Override
            public void info(String message) {
                logged.add("INFO " + message);
            }

            @Override
            public void warn(String message) {
                logged.add("WARN " + message);
            }

            @Override
            public void error(String message) {
                logged.add("ERROR " + message);
            }

            @Override
            public void error(String message, Throwable cause) {
                logged.add("ERROR " + message + " [" + cause + "]");
            }
        };
    }
}
