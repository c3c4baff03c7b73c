package dev.rt.agent;

import dev.rt.kind.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The kind a worker runs, found with {@link ServiceLoader} on the worker's class path, where the supervisor put that
 * kind's jars (and no other kind's) after the agent.
 */
final class KindLookup {
    private KindLookup() {
    }

    /** @throws AgentException naming the kinds the class path does hold, when none is named {@code name} */
    static Kind find(String name, String serviceId) {
        List<String> found = new ArrayList<>();
        try {
            for (Kind kind : ServiceLoader.load(Kind.class, ClassLoader.getSystemClassLoader())) {
                if (kind.name().equals(name)) {
                    return kind;
                }
                found.add(kind.name());
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            throw new AgentException("the kind \"" + name + "\" of service \"" + serviceId + "\" cannot be loaded: " + e);
        }
        throw new AgentException("service \"" + serviceId + "\" is of kind \"" + name + "\", which this worker's class"
                + " path does not hold (it holds " + (found.isEmpty() ? "no kind" : String.join(", ", found))
                + "); the supervisor puts the kind's jars there, from its kinds/" + name + "/lib");
    }
}
