package dev.rt.supervisor;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrame;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OTLP/gRPC trace receiver, as a collector listens on 4317: HTTP/2 without TLS (prior knowledge) on Netty's own
 * HTTP/2 codec, the unary call {@code /opentelemetry.proto.collector.trace.v1.TraceService/Export} whose
 * length-prefixed message is an {@code ExportTraceServiceRequest}, answered with an empty response and
 * {@code grpc-status: 0}. A call to another method is answered {@code grpc-status: 12} (unimplemented).
 */
final class OtlpGrpcReceiver implements AutoCloseable {
    static final String EXPORT = "/opentelemetry.proto.collector.trace.v1.TraceService/Export";

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final List<OtlpReceiver.ReceivedSpan> spans = new CopyOnWriteArrayList<>();
    private final List<Map<String, String>> headers = new CopyOnWriteArrayList<>();
    private Channel server;

    static OtlpGrpcReceiver start() throws InterruptedException {
        OtlpGrpcReceiver receiver = new OtlpGrpcReceiver();
        receiver.server = new ServerBootstrap().group(receiver.group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(),
                                new Http2MultiplexHandler(new ChannelInitializer<Http2StreamChannel>() {
                                    @Override
                                    protected void initChannel(Http2StreamChannel stream) {
                                        stream.pipeline().addLast(receiver.new Call());
                                    }
                                }));
                    }
                }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        return receiver;
    }

    /** One call: its headers, then its message in DATA frames until the end of the stream. */
    private final class Call extends SimpleChannelInboundHandler<Http2StreamFrame> {
        private final ByteBuf body = Unpooled.buffer();
        private String path = "";

        @Override
        protected void channelRead0(ChannelHandlerContext context, Http2StreamFrame frame) throws IOException {
            boolean end = false;
            if (frame instanceof Http2HeadersFrame head) {
                Map<String, String> received = new HashMap<>();
                head.headers().forEach(header -> received.put(header.getKey().toString(), header.getValue().toString()));
                path = received.getOrDefault(":path", "");
                headers.add(received);
                end = head.isEndStream();
            } else if (frame instanceof Http2DataFrame data) {
                body.writeBytes(data.content());
                end = data.isEndStream();
            }
            if (end) {
                answer(context);
            }
        }

        private void answer(ChannelHandlerContext context) throws IOException {
            int status = 12;
            if (path.equals(EXPORT) && body.readableBytes() >= 5 && body.readByte() == 0) {
                int length = body.readInt();
                try (InputStream message = new ByteBufInputStream(body.readSlice(length))) {
                    spans.addAll(OtlpReceiver.spansOf(ExportTraceServiceRequest.parseFrom(message)));
                }
                status = 0;
            }
            body.release();
            context.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")
                    .set("content-type", "application/grpc")));
            if (status == 0) {
                context.write(new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(new byte[5]))); // an empty response
            }
            context.writeAndFlush(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers()
                    .set("grpc-status", Integer.toString(status)), true));
        }
    }

    /** The endpoint the exporter is given: gRPC's has no path. */
    String url() {
        return "http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort();
    }

    List<OtlpReceiver.ReceivedSpan> trace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    List<OtlpReceiver.ReceivedSpan> spans() {
        return new ArrayList<>(spans);
    }

    /** The request headers of every call, pseudo-headers included. */
    List<Map<String, String>> requestHeaders() {
        return List.copyOf(headers);
    }

    @Override
    public void close() {
        if (server != null) {
            server.close().syncUninterruptibly();
        }
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }
}
