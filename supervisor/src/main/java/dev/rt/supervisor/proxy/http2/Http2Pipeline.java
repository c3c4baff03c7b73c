package dev.rt.supervisor.proxy.http2;

import dev.rt.supervisor.proxy.exchange.FrontendConfig;
import dev.rt.supervisor.proxy.exchange.ProxyFrontendHandler;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * An h2 client connection: the frame codec, then one child channel per stream that turns its frames into
 * HTTP/1.1 objects for a {@link ProxyFrontendHandler} of its own, so that workers keep speaking HTTP/1.1.
 * Streams are read on demand (flow control gives the backpressure); the connection itself reads all the
 * time. It closes (GOAWAY, then the end of its streams) when idle with no stream for
 * {@link ServerLimits#idleTimeoutMillis()}, or when its server drains.
 */
public final class Http2Pipeline {
    static final int MAX_CONCURRENT_STREAMS = 256;
    /** Handlers of a stream that a tunnel replaces ({@link Http2WebSockets}), in the order of removal. */
    static final List<String> STREAM_HANDLERS = Stream.of(List.of("frontend"), EntrypointPolicy.REQUEST_STAGES,
            List.of("http")).flatMap(List::stream).toList();

    private Http2Pipeline() {
    }

    public static void configure(ChannelPipeline pipeline, FrontendConfig config) {
        ServerLimits limits = config.limits();
        Http2FrameCodec codec = Http2FrameCodecBuilder.forServer()
                .initialSettings(Http2Settings.defaultSettings()
                        .maxConcurrentStreams(MAX_CONCURRENT_STREAMS)
                        .maxHeaderListSize(limits.maxHeaderSize())
                        .connectProtocolEnabled(true)) // WebSockets over streams: Http2WebSockets
                // closing sends GOAWAY, then waits for the streams in flight: as long as they take (Netty's
                // default here is not at all), for the server's grace period bounds them (ProxyServer.close)
                .gracefulShutdownTimeoutMillis(-1)
                .build();
        pipeline.addLast("idle", new IdleStateHandler(limits.idleTimeoutMillis(), 0, 0, TimeUnit.MILLISECONDS))
                .addLast("h2", codec)
                .addLast("h2-streams", new Http2MultiplexHandler(new StreamInitializer(config)))
                .addLast("h2-connection", new ConnectionEnd(codec));
        Channel channel = pipeline.channel();
        channel.config().setAutoRead(true);
        channel.read();
    }

    /** One request stream: HTTP/2 frames to and from HTTP/1.1 objects, and the proxy. */
    private static final class StreamInitializer extends ChannelInitializer<Channel> {
        private final FrontendConfig config;

        StreamInitializer(FrontendConfig config) {
            this.config = config;
        }

        @Override
        protected void initChannel(Channel stream) {
            stream.config().setAutoRead(false);
            stream.pipeline().addLast("http", new Http2StreamFrameToHttpObjectCodec(true));
            config.policy().addRequestStages(stream.pipeline(), true);
            stream.pipeline().addLast("frontend", new ProxyFrontendHandler(config, Http2WebSockets.INSTANCE));
        }
    }

    /** Ends the connection when idle with no open stream, or when the server drains. */
    private static final class ConnectionEnd extends ChannelInboundHandlerAdapter {
        private final Http2FrameCodec codec;

        ConnectionEnd(Http2FrameCodec codec) {
            this.codec = codec;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event == ProxyFrontendHandler.DRAIN) {
                ctx.close(); // GOAWAY; the streams in flight finish, then the connection closes
            } else if (event instanceof IdleStateEvent) {
                if (codec.connection().numActiveStreams() == 0) {
                    ctx.close();
                }
            } else {
                ctx.fireUserEventTriggered(event);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
