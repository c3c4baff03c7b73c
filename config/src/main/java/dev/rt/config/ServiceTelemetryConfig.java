package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A service entry's {@code telemetry}: whether the service is traced (the runtime's {@code telemetry}
 * configures how), whether its workers get the OpenTelemetry Java agent ({@code javaagent}) and which of the
 * agent's instrumentations they load.
 *
 * @param javaagent the OpenTelemetry Java agent in the service's workers, for the automatic instrumentation of a
 *                  wrapped application (its HTTP server and client, JDBC...); {@code telemetry.javaagent}, default
 *                  true for an application its kind only wraps (a {@code java.jar} or {@code java.main}) and when
 *                  {@code instrumentations} lists any, else false: the kind records one span per request
 */
public record ServiceTelemetryConfig(boolean enabled, boolean javaagent, List<Instrumentation> instrumentations) {
    /** A service whose kind records its requests' spans, with no {@code telemetry} of its own. */
    public static final ServiceTelemetryConfig DEFAULTS = new ServiceTelemetryConfig(true, false, List.of());

    public ServiceTelemetryConfig {
        instrumentations = List.copyOf(instrumentations);
    }

    /** An instrumentation package, optionally with the name it is exported under and its options. */
    public record Instrumentation(String packageName, Optional<String> exportName, JsonNode options) {
        public Instrumentation {
            Objects.requireNonNull(packageName, "packageName");
            Objects.requireNonNull(exportName, "exportName");
            options = Objects.requireNonNull(options, "options").deepCopy();
        }

        /** A copy: the options cannot be changed through it. */
        @Override
        public JsonNode options() {
            return options.deepCopy();
        }
    }

    /** @param wrapped whether the service's kind only wraps its application and sees none of its requests */
    static ServiceTelemetryConfig from(ConfigNode telemetry, boolean wrapped) {
        if (telemetry.isMissing()) {
            return wrapped ? new ServiceTelemetryConfig(true, true, List.of()) : DEFAULTS;
        }
        List<Instrumentation> instrumentations = new ArrayList<>();
        for (ConfigNode instrumentation : telemetry.get("instrumentations").elements()) {
            instrumentations.add(instrumentation.json().isObject()
                    ? new Instrumentation(instrumentation.get("package").string(),
                            instrumentation.get("exportName").optionalString(), instrumentation.get("options").object())
                    : new Instrumentation(instrumentation.string(), Optional.empty(), JsonNodeFactory.instance.objectNode()));
        }
        return new ServiceTelemetryConfig(telemetry.get("enabled").bool(true),
                telemetry.get("javaagent").bool(wrapped || !instrumentations.isEmpty()), instrumentations);
    }
}
