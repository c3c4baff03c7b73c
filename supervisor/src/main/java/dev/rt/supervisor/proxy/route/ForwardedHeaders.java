package dev.rt.supervisor.proxy.route;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * How the entrypoint and the mesh mark a request they pass on to a worker: {@code X-Forwarded-For} gains the
 * address of the connection it came from (after any earlier hops), {@code X-Forwarded-Host} is the name the
 * caller used and {@code X-Forwarded-Proto} the scheme it used, replacing whatever the caller sent, unless the caller
 * is a proxy the gateway's {@code server.trustProxy} trusts: then those two stay as it sent them.
 */
final class ForwardedHeaders {
    static final AsciiString HTTP = AsciiString.cached("http");
    private static final CharSequence FORWARDED_FOR = AsciiString.cached("x-forwarded-for");
    private static final CharSequence FORWARDED_HOST = AsciiString.cached("x-forwarded-host");
    private static final CharSequence FORWARDED_PROTO = AsciiString.cached("x-forwarded-proto");
    private static final AttributeKey<String> CLIENT_IP = AttributeKey.valueOf(ForwardedHeaders.class, "clientIp");

    private ForwardedHeaders() {
    }

    /** Marks {@code headers} of a request from {@code client}; {@code host} null leaves X-Forwarded-Host out. */
    static void mark(HttpHeaders headers, Channel client, String host, AsciiString scheme) {
        mark(headers, client, host, scheme, false);
    }

    /** @param trusted whether the client is a proxy whose X-Forwarded-Host and X-Forwarded-Proto are kept */
    static void mark(HttpHeaders headers, Channel client, String host, AsciiString scheme, boolean trusted) {
        String clientIp = clientIp(client);
        String earlier = headers.get(FORWARDED_FOR);
        headers.set(FORWARDED_FOR, earlier == null ? clientIp : earlier + ", " + clientIp);
        if (trusted && headers.contains(FORWARDED_HOST)) {
            // as the proxy in front says
        } else if (host != null) {
            headers.set(FORWARDED_HOST, host);
        } else {
            headers.remove(FORWARDED_HOST);
        }
        if (!trusted || !headers.contains(FORWARDED_PROTO)) {
            headers.set(FORWARDED_PROTO, scheme);
        }
    }

    /** The client's address (an h2 stream channel gives its connection's), worked out once per channel. */
    private static String clientIp(Channel client) {
        Attribute<String> cached = client.attr(CLIENT_IP);
        String ip = cached.get();
        if (ip == null) {
            SocketAddress address = client.remoteAddress();
            ip = address instanceof InetSocketAddress inet && inet.getAddress() != null
                    ? inet.getAddress().getHostAddress() : "unknown";
            cached.set(ip);
        }
        return ip;
    }
}
