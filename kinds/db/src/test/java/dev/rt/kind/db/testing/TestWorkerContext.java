package dev.rt.kind.db.testing;

import dev.rt.kind.KindLog;
import dev.rt.kind.WorkerContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/** A worker context for a db service started in the test's JVM: its configuration, directory and log. */
public record TestWorkerContext(Path serviceDirectory, Map<String, Object> configuration, KindLog log)
        implements WorkerContext {
    @Override
    public String serviceId() {
        return "catalog";
    }

    @Override
    public int workerIndex() {
        return 0;
    }

    @Override
    public String configurationJson() {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(configuration);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
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
}
