package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.backend.BackendInitializer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * One side of a byte tunnel between a client and a worker, after a WebSocket (or other) upgrade or a mesh
 * {@code CONNECT}: whatever one side sends is written to the other, the next read waiting for the previous
 * write (auto-read is off on both), and the end of one side ends the other once its bytes are out.
 * {@link #join} turns two HTTP connections of one event loop into a tunnel; {@link #answerAndJoin} first
 * answers the client's request that asked for it.
 */
public final class TunnelHandler extends ChannelInboundHandlerAdapter {
    static final String NAME = "tunnel";

    private final ChannelFutureListener readAfterWrite = this::readAfterWrite;
    private final List<ByteBuf> early = new ArrayList<>(2);
    private ChannelHandlerContext ctx;
    private Channel peer;
    private ChannelFuture lastWrite;

    /**
     * Replaces the HTTP handlers of both connections (the names given; TLS stays) by tunnel handlers. Bytes an
     * HTTP decoder still held are relayed first. Runs on the event loop both channels share.
     */
    public static void join(Channel client, List<String> clientHandlers, Channel worker, List<String> workerHandlers) {
        TunnelHandler clientSide = new TunnelHandler();
        TunnelHandler workerSide = new TunnelHandler();
        client.pipeline().addLast(NAME, clientSide);
        worker.pipeline().addLast(NAME, workerSide);
        remove(client.pipeline(), clientHandlers);
        remove(worker.pipeline(), workerHandlers);
        clientSide.start(worker);
        workerSide.start(client);
    }

    /**
     * Writes {@code answer} (a worker's 101, or the proxy's 200 to a mesh CONNECT), the last HTTP message of an
     * HTTP/1 client connection, from {@code client}'s place in its pipeline, and joins the connection to
     * {@code worker}.
     */
    static void answerAndJoin(ChannelHandlerContext client, HttpResponse answer, Channel worker) {
        client.write(answer);
        client.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        join(client.channel(), ProxyFrontendHandler.HTTP1_HANDLERS, worker, BackendInitializer.HANDLERS);
    }

    private static void remove(ChannelPipeline pipeline, List<String> names) {
        for (String name : names) {
            if (pipeline.get(name) != null) {
                pipeline.remove(name);
            }
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    private void start(Channel other) {
        peer = other;
        if (!ctx.channel().isActive()) {
            early.forEach(ReferenceCountUtil::release);
            early.clear();
            closeOnFlush(peer);
            return;
        }
        if (early.isEmpty()) {
            ctx.read();
            return;
        }
        for (ByteBuf buf : early) {
            lastWrite = peer.write(buf);
        }
        early.clear();
        peer.flush();
        lastWrite.addListener(readAfterWrite);
        lastWrite = null;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf buf)) {
            ReferenceCountUtil.release(msg); // the end marker of the upgrade exchange the codec still emitted
            return;
        }
        if (peer == null) {
            early.add(buf);
        } else {
            lastWrite = peer.write(buf);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (peer == null) {
            return;
        }
        if (lastWrite == null) {
            ctx.read();
            return;
        }
        ChannelFuture written = lastWrite;
        lastWrite = null;
        peer.flush();
        written.addListener(readAfterWrite);
    }

    private void readAfterWrite(ChannelFuture written) {
        if (written.isSuccess()) {
            ctx.read();
        } else {
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        early.forEach(ReferenceCountUtil::release);
        early.clear();
        if (peer != null) {
            closeOnFlush(peer);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    private static void closeOnFlush(Channel channel) {
        if (channel.isActive()) {
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
