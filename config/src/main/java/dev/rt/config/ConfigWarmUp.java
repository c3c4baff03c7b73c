package dev.rt.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.read.ConfigFormat;
import dev.rt.config.schema.SchemaCatalog;

/**
 * Work that the first configuration load does anyway, begun on a background thread so that it overlaps with the
 * rest of the JVM's start-up (the command line's model, the log): the JSON parser and the runtime's compiled schema,
 * about a third of loading a configuration cold. Loading never waits for it beyond what it needs: the format's and
 * the catalog's locks make both threads share one parser and one compiled schema, whichever thread gets there
 * first. The kinds are left to the load, which opens only those the configuration uses: warming every installed
 * kind (each one's jars opened, its schema compiled) took a core from the start on two-core machines.
 */
public final class ConfigWarmUp {
    private ConfigWarmUp() {
    }

    public static void begin() {
        Thread thread = new Thread(ConfigWarmUp::run, "rt-config-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    static void run() {
        try {
            ObjectNode empty = ConfigFormat.JSON.mapper().createObjectNode();
            SchemaCatalog.get().validate(ConfigKind.RUNTIME, empty);
        } catch (RuntimeException e) { // a broken build: the load that follows reports it where it belongs
        }
    }
}
