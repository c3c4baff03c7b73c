package dev.rt.supervisor.proxy.route;

import java.util.List;
import java.util.Optional;

/**
 * Where requests for a service go. Implemented by the supervisor's worker registry and called on Netty
 * event loops, so implementations are thread-safe and never block.
 */
public interface UpstreamSelector {

    /** The next started worker of the service, round robin; empty when the service has none started. */
    Optional<Upstream> next(String serviceId);

    /** Every started worker of the service, in rotation order; empty when it has none. */
    List<Upstream> started(String serviceId);

    /** Every service id of the runtime, in configuration order (for error messages and existence checks). */
    List<String> serviceIds();
}
