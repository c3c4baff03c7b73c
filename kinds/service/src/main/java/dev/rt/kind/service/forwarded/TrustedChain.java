package dev.rt.kind.service.forwarded;

import dev.rt.kind.forwarded.TrustedProxies;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.net.InetAddress;
import java.util.List;

/**
 * The first handler of a service whose {@code trustProxy} names hops or addresses: cuts {@code X-Forwarded-For}
 * down to what the trusted hops vouch for, read from the right after the connection's peer, so that its first entry
 * is the client as proxy-addr finds it; Vert.x Web then reads the request's remote address from it (and the host
 * and scheme from {@code X-Forwarded-Host} and {@code X-Forwarded-Proto}, which rt's proxy sets). A peer that is
 * not trusted has every {@code X-Forwarded-*} header removed: the request is taken as it arrived. With
 * {@code trustProxy: true} no handler is needed: Vert.x Web's leftmost entry is the client.
 */
public final class TrustedChain implements Handler<RoutingContext> {
    private static final String FOR = "x-forwarded-for";
    private static final List<String> FORWARDED = List.of(FOR, "x-forwarded-host", "x-forwarded-proto",
            "x-forwarded-port", "x-forwarded-ssl");
    private final TrustedProxies trusted;

    public TrustedChain(TrustedProxies trusted) {
        this.trusted = trusted;
    }

    @Override
    public void handle(RoutingContext context) {
        MultiMap headers = context.request().headers();
        SocketAddress peer = context.request().connection().remoteAddress();
        InetAddress address = peer == null || peer.hostAddress() == null ? null : TrustedProxies.literal(peer.hostAddress());
        if (address == null || !trusted.trusts(address, 0)) {
            FORWARDED.forEach(headers::remove);
        } else {
            String chain = headers.get(FOR);
            if (chain != null) {
                headers.set(FOR, vouchedFor(chain.split(",")));
            }
        }
        context.next();
    }

    /** The entries of a trusted peer's chain from the client, the first hop not trusted, to the right end. */
    private String vouchedFor(String[] entries) {
        int first = entries.length - 1; // the entry the peer added, trusted as the peer is
        for (int hop = 1; first > 0; hop++) {
            InetAddress address = TrustedProxies.literal(entries[first].strip());
            if (address == null || !trusted.trusts(address, hop)) {
                break;
            }
            first--;
        }
        StringBuilder kept = new StringBuilder(entries[first].strip());
        for (int i = first + 1; i < entries.length; i++) {
            kept.append(", ").append(entries[i].strip());
        }
        return kept.toString();
    }
}
