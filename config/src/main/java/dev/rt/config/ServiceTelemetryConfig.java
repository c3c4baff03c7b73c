package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A service entry's {@code telemetry}: whether the service is traced (the runtime's {@code telemetry}
 * configures how) and which instrumentations it loads. Absent: enabled, none.
 */
public record ServiceTelemetryConfig(boolean enabled, List<Instrumentation> instrumentations) {
    public static final ServiceTelemetryConfig DEFAULTS = new ServiceTelemetryConfig(true, List.of());

    public ServiceTelemetryConfig {
        instrumentations = List.copyOf(instrumentations);
    }

    /** An instrumentation package, optionally with the name it is exported under and its options. */
    public record Instrumentation(String packageName, Optional<String> exportName, JsonNode options) {
        public Instrumentation {
            Objects.requireNonNull(packageName, "packageName");
            Objects.requireNonNull(exportName, "exportName");
            options = Section.object(options);
        }

        /** A copy: the options cannot be changed through it. */
        @Override
        public JsonNode options() {
            return options.deepCopy();
        }
    }

    public static ServiceTelemetryConfig from(JsonNode telemetry) {
        if (!Section.present(telemetry)) {
            return DEFAULTS;
        }
        List<Instrumentation> instrumentations = new ArrayList<>();
        Section.child(telemetry, "instrumentations").forEach(instrumentation -> instrumentations.add(
                instrumentation.isObject()
                        ? new Instrumentation(Section.requiredText(instrumentation, "package"),
                                Section.optionalText(instrumentation, "exportName"),
                                Section.child(instrumentation, "options"))
                        : new Instrumentation(instrumentation.asText(), Optional.empty(), Section.object(null))));
        return new ServiceTelemetryConfig(Section.flag(telemetry, "enabled", true), instrumentations);
    }
}
