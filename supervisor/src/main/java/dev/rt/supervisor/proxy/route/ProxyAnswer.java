package dev.rt.supervisor.proxy.route;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.FullHttpResponse;

/** A response the proxy gives itself rather than a worker's: one of its errors, or a route's own answer. */
public interface ProxyAnswer {

    /** A complete response; {@code close} adds {@code Connection: close}. */
    FullHttpResponse toResponse(ByteBufAllocator alloc, boolean close);
}
