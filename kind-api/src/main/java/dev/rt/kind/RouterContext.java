package dev.rt.kind;

import dev.rt.kind.routing.RoutingTable;
import java.net.ProxySelector;
import java.nio.file.Path;
import java.util.Map;

/** What the supervisor gives an {@link EntrypointRouter}. Thread-safe. */
public interface RouterContext {

    /** The id of the entrypoint service the router routes for. */
    String serviceId();

    /** Its directory, absolute; relative paths in its configuration resolve against it. */
    Path serviceDirectory();

    /**
     * Every other service of the runtime, in configuration order, with its own configuration file (validated, with
     * its defaults, as JSON values of JDK types): what it advertises ({@code application.basePath}, say).
     */
    Map<String, Map<String, Object>> services();

    /** Whether the runtime runs in development ({@code rt start --dev}). */
    boolean development();

    /**
     * The proxy an HTTP client of the supervisor uses to reach {@code http://<id>.rt.local} (the mesh); other hosts
     * are reached directly.
     */
    ProxySelector proxy();

    /** The runtime's log. */
    KindLog log();

    /**
     * Replaces the table the public server applies: requests whose head arrives from now on follow it, those in
     * flight go on where they were sent.
     */
    void publish(RoutingTable table);
}
