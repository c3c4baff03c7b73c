package dev.rt.kind.testing;

import dev.rt.kind.KindLog;
import dev.rt.kind.WorkerContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A worker context for running a kind in the test's own JVM: the service "api", worker 0, in a directory, with a
 * configuration. Its log keeps every line it was given ({@link #logged()}), and echoes warnings and errors on
 * stderr for the test's report.
 */
public record TestContext(Path serviceDirectory, Map<String, Object> configuration, String configurationJson,
        Map<String, String> environment, List<String> logged) implements WorkerContext {

    public TestContext {
        environment = Map.copyOf(environment);
    }

    /** An empty configuration, no environment. */
    public TestContext(Path serviceDirectory) {
        this(serviceDirectory, Map.of(), "{}", Map.of(), new CopyOnWriteArrayList<>());
    }

    /** This configuration (as a map, and as the JSON text it was read from) and this environment. */
    public TestContext(Path serviceDirectory, Map<String, Object> configuration, String configurationJson,
            Map<String, String> environment) {
        this(serviceDirectory, configuration, configurationJson, environment, new CopyOnWriteArrayList<>());
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
    public List<String> arguments() {
        return List.of();
    }

    @Override
    public OptionalInt offeredPort() {
        return OptionalInt.empty();
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
                keep("WARN " + message);
            }

            @Override
            public void error(String message) {
                keep("ERROR " + message);
            }

            @Override
            public void error(String message, Throwable cause) {
                keep("ERROR " + message + " [" + cause + "]");
            }

            private void keep(String line) {
                logged.add(line);
                System.err.println(line);
            }
        };
    }
}
