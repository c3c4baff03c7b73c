package dev.rt.supervisor.proxy.route;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.util.Iterator;

/**
 * RFC 9112 §3.2: an HTTP/1.1 request names its host in exactly one {@code Host} header, and HTTP/1.0 in at most
 * one, so that the proxy, the worker and any cache between agree on it; anything else is refused.
 */
public final class HostHeader {
    private HostHeader() {
    }

    /** The error to answer {@code head} with, or null when its {@code Host} headers are as they must be. */
    public static ProxyError problem(HttpRequest head, boolean http10) {
        Iterator<String> hosts = head.headers().valueStringIterator(HttpHeaderNames.HOST);
        if (!hosts.hasNext()) {
            return http10 ? null : ProxyError.badRequest("RT_BAD_REQUEST",
                    "An HTTP/1.1 request needs a Host header (RFC 9112, section 3.2)");
        }
        hosts.next();
        return !hosts.hasNext() ? null : ProxyError.badRequest("RT_BAD_REQUEST",
                "A request may have one Host header, not several (RFC 9112, section 3.2)");
    }
}
