package dev.rt.supervisor.proxy.policy;

import io.netty.channel.ChannelPipeline;

/**
 * The runtime's own limits on abuse at the public server ({@code server.rateLimit}, connections per address), as the
 * policy adds them: implemented by {@code dev.rt.supervisor.limit.PublicLimits}, which the proxy never imports, so
 * that no package cycle runs through the limiter's Redis connection.
 */
public interface AbuseLimits {
    /** The name of the request stage, which a tunnel removes with the HTTP codec. */
    String RATE_LIMIT = "rate-limit";

    /** No limits. */
    AbuseLimits NONE = new AbuseLimits() {
        @Override
        public void addConnectionStage(ChannelPipeline pipeline) {
        }

        @Override
        public void addRequestStage(ChannelPipeline pipeline) {
        }
    };

    /** Adds what judges a new client connection, first of all. */
    void addConnectionStage(ChannelPipeline pipeline);

    /** Adds what judges each request, right after the HTTP codec. */
    void addRequestStage(ChannelPipeline pipeline);
}
