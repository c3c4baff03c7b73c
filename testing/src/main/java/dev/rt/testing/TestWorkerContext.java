package dev.rt.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.kind.KindLog;
import dev.rt.kind.WorkerContext;
import dev.rt.protocol.JsonValues;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/** What a worker gives its kind, for the one worker of an application started in the test JVM. */
record TestWorkerContext(String serviceId, Path serviceDirectory, JsonNode settings, List<String> arguments,
        Map<String, String> environment) implements WorkerContext {
    TestWorkerContext {
        arguments = List.copyOf(arguments);
        environment = Map.copyOf(environment);
    }

    @Override
    public int workerIndex() {
        return 0;
    }

    @Override
    public Map<String, Object> configuration() {
        return JsonValues.object(settings);
    }

    @Override
    public String configurationJson() {
        return settings.toString();
    }

    @Override
    public OptionalInt offeredPort() {
        return OptionalInt.empty();
    }

    @Override
    public KindLog log() {
        return new ConsoleLog(serviceId, environment.getOrDefault("RT_LOG_LEVEL", "warn"));
    }
}
