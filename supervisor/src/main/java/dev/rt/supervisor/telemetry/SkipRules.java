package dev.rt.supervisor.telemetry;

import dev.rt.config.TelemetryConfig;
import java.util.List;

/**
 * {@code telemetry.skip}: the operations that are not traced, each a method, a path or both (an absent part
 * matches anything); a method matches without regard to case, a path exactly (the query aside).
 */
final class SkipRules {
    private final List<TelemetryConfig.Skip> rules;

    SkipRules(List<TelemetryConfig.Skip> rules) {
        this.rules = List.copyOf(rules);
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    boolean skips(String method, String path) {
        for (int i = 0; i < rules.size(); i++) {
            TelemetryConfig.Skip rule = rules.get(i);
            if ((rule.method().isEmpty() || rule.method().get().equalsIgnoreCase(method))
                    && (rule.path().isEmpty() || rule.path().get().equals(path))) {
                return true;
            }
        }
        return false;
    }
}
