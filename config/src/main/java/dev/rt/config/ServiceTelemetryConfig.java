package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.rt.config.read.ConfigNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A service entry's {@code telemetry}: whether the service is traced (the runtime's {@code telemetry}
 * configures how), whether its workers get the OpenTelemetry Java agent ({@code javaagent}) and which of the
 * agent's instrumentations they load. The agent enables an instrumentation by its name ({@code jdbc},
 * {@code java-http-client}): a name that cannot be one (an npm package such as {@code @opentelemetry/instrumentation-http})
 * and {@code exportName} (which export of a JavaScript package to load) are refused.
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

    /** An instrumentation of the Java agent, by its name, and its options. */
    public record Instrumentation(String packageName, JsonNode options) {
        public Instrumentation {
            Objects.requireNonNull(packageName, "packageName");
            options = Objects.requireNonNull(options, "options").deepCopy();
        }

        /** A copy: the options cannot be changed through it. */
        @Override
        public JsonNode options() {
            return options.deepCopy();
        }
    }

    /** How the Java agent's instrumentations are named: {@code jdbc}, {@code java-http-client}, {@code jaxrs-3.0}. */
    private static final String AGENT_NAME = "[a-z0-9][a-z0-9.-]*";

    /** @param wrapped whether the service's kind only wraps its application and sees none of its requests */
    static ServiceTelemetryConfig from(ConfigNode telemetry, boolean wrapped) {
        if (telemetry.isMissing()) {
            return wrapped ? new ServiceTelemetryConfig(true, true, List.of()) : DEFAULTS;
        }
        List<Instrumentation> instrumentations = new ArrayList<>();
        for (ConfigNode instrumentation : telemetry.get("instrumentations").elements()) {
            boolean object = instrumentation.json().isObject();
            ConfigNode name = object ? instrumentation.get("package") : instrumentation;
            if (!name.string().matches(AGENT_NAME)) {
                throw name.error("\"" + name.string() + "\" cannot name an instrumentation of the OpenTelemetry Java"
                        + " agent, which rt's workers run: use the agent's name of one, such as jdbc,"
                        + " java-http-client or spring-webmvc (lower case, digits, dots and dashes)");
            }
            if (object && instrumentation.has("exportName")) {
                throw instrumentation.get("exportName").error("the Java agent enables an instrumentation by its name"
                        + " alone: there is no export to choose; remove it");
            }
            instrumentations.add(new Instrumentation(name.string(),
                    object ? instrumentation.get("options").object() : JsonNodeFactory.instance.objectNode()));
        }
        return new ServiceTelemetryConfig(telemetry.get("enabled").bool(true),
                telemetry.get("javaagent").bool(wrapped || !instrumentations.isEmpty()), instrumentations);
    }
}
