package dev.rt.kind.service;

import dev.rt.kind.KindLog;
import dev.rt.kind.WorkerContext;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/** A worker context for a service configuration given as JSON text, in a directory. */
record TestContext(Path serviceDirectory, String configurationJson) implements WorkerContext {
    @Override
    public String serviceId() {
        return "api";
    }

    @Override
    public int workerIndex() {
        return 0;
    }

    @Override
    public Map<String, Object> configuration() {
        return new JsonObject(configurationJson).getMap();
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
        return Map.of("RT_LOG_LEVEL", "warn");
    }

    @Override
    public KindLog log() {
        return new KindLog() {
            @Override
            public void debug(String message) {
            }

            @Override
            public void info(String message) {
            }

            @Override
            public void warn(String message) {
                System.err.println(message);
            }

            @Override
            public void error(String message) {
                System.err.println(message);
            }

            @Override
            public void error(String message, Throwable cause) {
                System.err.println(message);
            }
        };
    }
}
