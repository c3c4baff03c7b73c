package dev.rt.supervisor.proxy;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.AsciiString;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Route of the public entrypoint: every request goes to one service, marked with {@code X-Forwarded-For}
 * (the client address appended to any earlier hops), {@code X-Forwarded-Host} (the Host the client asked
 * for) and {@code X-Forwarded-Proto}. Draining starts with {@link #beginDraining()} and never ends.
 */
final class EntrypointRoute implements ProxyRoute {
    private static final CharSequence FORWARDED_FOR = AsciiString.cached("x-forwarded-for");
    private static final CharSequence FORWARDED_HOST = AsciiString.cached("x-forwarded-host");
    private static final CharSequence FORWARDED_PROTO = AsciiString.cached("x-forwarded-proto");

    private final String serviceId;
    private volatile boolean draining;

    EntrypointRoute(String serviceId) {
        this.serviceId = serviceId;
    }

    @Override
    public String route(HttpRequest request, Channel client) {
        HttpHeaders headers = request.headers();
        String clientIp = clientIp(client.remoteAddress());
        String earlier = headers.get(FORWARDED_FOR);
        headers.set(FORWARDED_FOR, earlier == null ? clientIp : earlier + ", " + clientIp);
        String host = headers.get(HttpHeaderNames.HOST);
        if (host != null) {
            headers.set(FORWARDED_HOST, host);
        }
        headers.set(FORWARDED_PROTO, "http");
        return serviceId;
    }

    private static String clientIp(SocketAddress address) {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress();
        }
        return "unknown";
    }

    void beginDraining() {
        draining = true;
    }

    @Override
    public boolean draining() {
        return draining;
    }
}
