package dev.rt.supervisor.proxy.exchange;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;

/**
 * WebSockets over the h2 stream an exchange runs on (RFC 8441), which the HTTP/2 side provides: the exchange
 * asks it whether a head opens one, has the head rewritten into the HTTP/1.1 upgrade a worker understands, and
 * hands it the worker's {@code 101} to answer the stream and join it to the worker's connection. The exchange
 * owns this interface so that it never knows HTTP/2's frames; an HTTP/1 connection has none.
 */
public interface StreamWebSockets {
    /** Whether this head, converted from an h2 stream, is an extended {@code CONNECT} for a WebSocket. */
    boolean requested(HttpRequest head);

    /** Rewrites the extended {@code CONNECT} into the HTTP/1.1 upgrade request a worker understands. */
    void toUpgradeRequest(HttpRequest head);

    /** Answers the stream for the worker's {@code 101}, then joins the stream to the worker's connection. */
    void accept(ChannelHandlerContext stream, HttpResponse switching, Channel worker);
}
