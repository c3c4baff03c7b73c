package dev.rt.supervisor.proxy.policy;

import dev.rt.kind.forwarded.TrustedProxies;
import dev.rt.kind.routing.ServerPolicy;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * A {@link ServerPolicy} made ready for the public server: the stages it adds to each client connection and h2
 * stream (only those its settings ask for: a server without a policy has none), the {@link CorsRequest} of each
 * request, and what it changes in the server's own limits and shutdown.
 */
public final class EntrypointPolicy {
    /** The runtime's public server as it is: nothing added. */
    public static final EntrypointPolicy NONE = new EntrypointPolicy(ServerPolicy.NONE, AbuseLimits.NONE);

    private static final String BODY_LIMIT = "body-limit";
    private static final String REQUEST_TIMEOUT = "request-timeout";
    private static final String SOCKET_REQUESTS = "socket-requests";
    /** Names of the stages between the HTTP codec and the proxy, which a tunnel removes with the codec. */
    public static final List<String> REQUEST_STAGES = List.of(AbuseLimits.RATE_LIMIT, BODY_LIMIT, REQUEST_TIMEOUT,
            SOCKET_REQUESTS);

    private final ServerPolicy settings;
    private final CorsHeaders cors;
    private final AbuseLimits limits;

    private EntrypointPolicy(ServerPolicy settings, AbuseLimits limits) {
        this.settings = settings;
        this.cors = settings.cors().map(CorsHeaders::new).orElse(null);
        this.limits = limits;
    }

    public static EntrypointPolicy of(ServerPolicy settings) {
        return settings.equals(ServerPolicy.NONE) ? NONE : new EntrypointPolicy(settings, AbuseLimits.NONE);
    }

    /** This policy with the runtime's own limits on abuse ({@code server.rateLimit}, per-address connections). */
    public EntrypointPolicy with(AbuseLimits abuse) {
        return abuse == AbuseLimits.NONE ? this : new EntrypointPolicy(settings, abuse);
    }

    /** Adds the stages that judge a client connection (its address's cap, {@code connectionTimeout}), first of all. */
    public void addConnectionStages(ChannelPipeline pipeline) {
        limits.addConnectionStage(pipeline);
        if (settings.connectionTimeout() > 0) {
            pipeline.addFirst("read-idle", new ReadIdleClose(settings.connectionTimeout()));
        }
    }

    /**
     * Adds the stages of the requests to a pipeline whose HTTP codec is in place and whose proxy stage comes next.
     *
     * @param stream whether it is an h2 stream (requests per connection count on HTTP/1 only)
     */
    public void addRequestStages(ChannelPipeline pipeline, boolean stream) {
        limits.addRequestStage(pipeline);
        settings.bodyLimit().ifPresent(limit -> pipeline.addLast(BODY_LIMIT, new BodyLimitHandler(limit)));
        if (settings.requestTimeout() > 0) {
            pipeline.addLast(REQUEST_TIMEOUT, new RequestDeadlineHandler(settings.requestTimeout()));
        }
        if (settings.maxRequestsPerSocket() > 0 && !stream) {
            pipeline.addLast(SOCKET_REQUESTS, new SocketRequestLimit(settings.maxRequestsPerSocket()));
        }
    }

    /** What CORS makes of a request head; {@link CorsRequest#NONE} without {@code server.cors}. */
    public CorsRequest cors(HttpRequest head) {
        return cors == null ? CorsRequest.NONE : cors.of(head);
    }

    /** Whether the client of {@code channel} is a proxy whose {@code X-Forwarded-Host} and {@code -Proto} are kept. */
    public boolean trustsForwarded(Channel channel) {
        TrustedProxies trusted = settings.trustProxy();
        return !trusted.none() && channel.remoteAddress() instanceof InetSocketAddress peer // an h2 stream: its connection's
                && peer.getAddress() != null && trusted.trusts(peer.getAddress(), 0);
    }

    /** How long a connection may wait for its next request, when the routing service says. */
    public OptionalLong keepAliveTimeout() {
        return settings.keepAliveTimeout();
    }

    /** How long requests in flight may go on once the server stops: none with {@code forceCloseConnections}. */
    public Duration grace(Duration grace) {
        return settings.forceCloseConnections() ? Duration.ZERO : grace;
    }
}
