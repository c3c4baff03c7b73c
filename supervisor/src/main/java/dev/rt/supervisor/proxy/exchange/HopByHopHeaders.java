package dev.rt.supervisor.proxy.exchange;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.util.List;

/**
 * The headers that describe one connection rather than the message (RFC 9110 section 7.6.1): a proxy
 * removes them before forwarding, in both directions, together with every header the
 * {@code Connection} header names. {@code Transfer-Encoding} stays: the HTTP codecs frame the body anew.
 */
final class HopByHopHeaders {
    private static final CharSequence KEEP_ALIVE = AsciiString.cached("keep-alive");
    private static final CharSequence PROXY_CONNECTION = AsciiString.cached("proxy-connection");

    private HopByHopHeaders() {
    }

    /**
     * Rewrites a request head for the worker, in place: hop-by-hop headers out (and the h2 extensions of a
     * {@code stream}), an upgrade the worker may take kept unless {@code noUpgrade}, HTTP/1.1 whatever the client
     * spoke (keep-alive towards the worker). Returns whether the request asks for an upgrade.
     */
    static boolean forUpstream(HttpRequest request, boolean noUpgrade, boolean stream) {
        HttpHeaders headers = request.headers();
        String upgradeTo = noUpgrade ? null : upgradeToForward(headers);
        remove(headers);
        if (stream) {
            Http2Extensions.remove(headers);
        }
        if (upgradeTo != null) {
            headers.set(HttpHeaderNames.UPGRADE, upgradeTo);
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
        }
        request.setProtocolVersion(HttpVersion.HTTP_1_1);
        return upgradeTo != null;
    }

    /** Removes the hop-by-hop headers from {@code headers}, in place. */
    static void remove(HttpHeaders headers) {
        if (headers.contains(HttpHeaderNames.CONNECTION)) {
            List<String> values = headers.getAll(HttpHeaderNames.CONNECTION);
            for (int i = 0; i < values.size(); i++) {
                removeListed(headers, values.get(i));
            }
            headers.remove(HttpHeaderNames.CONNECTION);
        }
        headers.remove(KEEP_ALIVE);
        headers.remove(PROXY_CONNECTION);
        headers.remove(HttpHeaderNames.PROXY_AUTHORIZATION);
        headers.remove(HttpHeaderNames.TE);
        headers.remove(HttpHeaderNames.TRAILER);
        headers.remove(HttpHeaderNames.UPGRADE);
    }

    /** A connection option never removes the headers the codecs frame the message by. */
    private static boolean framing(String token) {
        return HttpHeaderNames.CONTENT_LENGTH.contentEqualsIgnoreCase(token)
                || HttpHeaderNames.TRANSFER_ENCODING.contentEqualsIgnoreCase(token)
                || HttpHeaderNames.HOST.contentEqualsIgnoreCase(token);
    }

    private static void removeListed(HttpHeaders headers, String value) {
        int start = 0;
        while (start < value.length()) {
            int comma = value.indexOf(',', start);
            int end = comma < 0 ? value.length() : comma;
            String token = value.substring(start, end).trim();
            if (!token.isEmpty() && !framing(token)) {
                headers.remove(token);
            }
            start = end + 1;
        }
    }

    /**
     * The protocol a valid HTTP/1.1 upgrade request asks for ({@code Connection: upgrade} and {@code Upgrade}),
     * to be forwarded to the worker. An offer of {@code h2c} (the JDK HttpClient's default for http://) is for
     * this hop only: it is dropped with the other hop-by-hop headers, and the request goes on as HTTP/1.1.
     */
    static String upgradeToForward(HttpHeaders headers) {
        String to = headers.get(HttpHeaderNames.UPGRADE);
        if (to == null || !headers.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE, true)
                || to.regionMatches(true, 0, "h2c", 0, 3)) {
            return null;
        }
        return to;
    }
}
