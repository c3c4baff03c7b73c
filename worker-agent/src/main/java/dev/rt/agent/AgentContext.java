package dev.rt.agent;

import dev.rt.kind.HttpCacheInvalidation;
import dev.rt.kind.KindLog;
import dev.rt.kind.KindMessaging;
import dev.rt.kind.RequestTracing;
import dev.rt.kind.WorkerContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the agent gives the kind it starts, from the supervisor's environment and its {@code HelloAck} (the key of
 * the identities the runtime seals among them).
 */
record AgentContext(String serviceId, int workerIndex, Path serviceDirectory, Map<String, Object> configuration,
        String configurationJson, List<String> arguments, OptionalInt offeredPort, Map<String, String> environment,
        KindLog log, KindMessaging messaging, RequestTracing tracing, HttpCacheInvalidation httpCache,
        Optional<String> identityKey)
        implements WorkerContext {

    AgentContext {
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(serviceDirectory, "serviceDirectory");
        configuration = Map.copyOf(configuration);
        Objects.requireNonNull(configurationJson, "configurationJson");
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(offeredPort, "offeredPort");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(messaging, "messaging");
        Objects.requireNonNull(tracing, "tracing");
        Objects.requireNonNull(httpCache, "httpCache");
        Objects.requireNonNull(identityKey, "identityKey");
    }
}
