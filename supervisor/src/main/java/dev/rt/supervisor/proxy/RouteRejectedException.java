package dev.rt.supervisor.proxy;

import dev.rt.protocol.RtException;

/** A request that no service of the runtime can take; the proxy answers it with 400 and this code and message. */
final class RouteRejectedException extends RtException {
    private static final long serialVersionUID = 1L;

    RouteRejectedException(String code, String message) {
        super(code, message);
    }
}
