package dev.rt.supervisor.proxy.backend;

import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.HttpResponse;

/**
 * The client's exchange a worker connection serves while attached, as the {@link ProxyBackendHandler} sees it:
 * where the worker's response goes and what the exchange is told about the connection. The backend owns this
 * interface so that it never knows the exchange's class; everything here runs on the shared event loop.
 */
public interface AttachedExchange {
    /** A response head, interim ({@code 1xx}) or final; the exchange removes its hop-by-hop headers. */
    void responseHead(HttpResponse response, boolean interim);

    /** A part of the response, written to the client unflushed. */
    void writeToClient(Object msg);

    /** The last part of the response, written to the client unflushed; its write. */
    ChannelFuture writeLastToClient(Object msg);

    /** Flushes what was written to the client. */
    void flushToClient();

    /** Whether the client can take more of the response now. */
    boolean clientWritable();

    /** The connection can take more of the request body again. */
    void backendWritable();

    /**
     * The last part of the response was written ({@code written}); {@code from} is detached and may be pooled when
     * {@code reusable}.
     */
    void responseComplete(ProxyBackendHandler from, ChannelFuture written, boolean reusable);

    /**
     * A {@code 101 Switching Protocols} head with an {@code Upgrade} header: true when the exchange asked for it
     * and turns both connections into a tunnel; false closes the connection.
     */
    boolean switchProtocols(ProxyBackendHandler from, HttpResponse response);

    /** The connection closed, or sent what is not HTTP, in the middle of the exchange. */
    void backendFailed(ProxyBackendHandler from);
}
