package dev.rt.supervisor.proxy.route;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import io.netty.handler.codec.http.HttpResponseStatus;

/** A request that no service of the runtime can take; the proxy answers it with this status, code and message. */
public final class RouteRejectedException extends RtException {
    private static final long serialVersionUID = 1L;
    private final transient ProxyError error;

    RouteRejectedException(String code, String message) {
        this(new ProxyError(HttpResponseStatus.BAD_REQUEST, code, message));
    }

    RouteRejectedException(ProxyError error) {
        super(ErrorCode.of(error.code()).orElse(ErrorCode.ROUTE_NOT_FOUND), error.message());
        this.error = error;
    }

    public ProxyError error() {
        return error;
    }
}
