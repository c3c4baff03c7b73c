package dev.rt.supervisor.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.supervisor.concurrent.DaemonThreads;

/**
 * Work that the first configuration load does anyway, begun on a background thread so that it overlaps with the
 * rest of the JVM's start-up (the command line's model, the log): the JSON parser and the compiled schemas of the
 * runtime and of the {@code java} kind, about a third of loading a configuration cold. Loading never waits for it
 * beyond what it needs: the format's and the catalog's locks make both threads share one parser and one compiled
 * schema, whichever thread gets there first.
 */
public final class ConfigWarmUp {
    private ConfigWarmUp() {
    }

    public static void begin() {
        DaemonThreads.named("rt-config-warm-up").newThread(ConfigWarmUp::run).start();
    }

    static void run() {
        try {
            ObjectNode empty = ConfigFormat.JSON.mapper().createObjectNode();
            SchemaCatalog.get().validate(ConfigKind.RUNTIME, empty);
            SchemaCatalog.get().validate(ConfigKind.JAVA, empty);
        } catch (RuntimeException e) { // a broken build: the load that follows reports it where it belongs
        }
    }
}
