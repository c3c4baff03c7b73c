package dev.rt.supervisor.proxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;

/**
 * Last stage of a connection to a worker. While a client's exchange is attached it writes each response
 * object to the client as it arrives and reads the next chunk only once the previous batch was written
 * (auto-read is off); at the end of the response it detaches and hands itself back to the frontend, which
 * pools or closes it. Idle in the pool, unexpected data, a reader-idle timeout or a close end it.
 */
final class ProxyBackendHandler extends ChannelInboundHandlerAdapter {
    private final BackendPool pool;
    private final InetSocketAddress address;
    private final ChannelFutureListener readAfterWrite = this::readAfterWrite;
    private Channel channel;
    private ProxyFrontendHandler frontend;
    private boolean interim;
    private boolean reusable;
    private ChannelFuture lastWrite;

    ProxyBackendHandler(BackendPool pool, InetSocketAddress address) {
        this.pool = pool;
        this.address = address;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    Channel channel() {
        return channel;
    }

    InetSocketAddress address() {
        return address;
    }

    /** Starts an exchange for {@code owner}: from now on responses go to it. */
    void attach(ProxyFrontendHandler owner) {
        frontend = owner;
        lastWrite = null;
        channel.read();
    }

    /** Ends this connection without telling the frontend (it gave the connection up). */
    void abandon() {
        frontend = null;
        channel.close();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ProxyFrontendHandler owner = frontend;
        if (owner == null || !(msg instanceof HttpObject) || ((HttpObject) msg).decoderResult().isFailure()) {
            ReferenceCountUtil.release(msg);
            ctx.close(); // an idle connection sent data, or the worker sent a malformed response
            return;
        }
        if (msg instanceof HttpResponse response) {
            interim = response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
            reusable = !interim && HttpUtil.isKeepAlive(response);
            HopByHopHeaders.remove(response.headers());
            owner.responseHead(response, interim);
        }
        lastWrite = owner.writeToClient(msg);
        if (msg instanceof LastHttpContent && !interim) {
            frontend = null;
            ChannelFuture written = lastWrite;
            lastWrite = null;
            owner.responseComplete(this, written, reusable);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (lastWrite != null && frontend != null) {
            ChannelFuture written = lastWrite;
            lastWrite = null;
            frontend.flushToClient();
            written.addListener(readAfterWrite);
        }
        ctx.fireChannelReadComplete();
    }

    private void readAfterWrite(ChannelFuture written) {
        if (written.isSuccess()) {
            channel.read();
        } else {
            written.channel().close(); // the client is gone; its frontend abandons this connection
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ProxyFrontendHandler owner = frontend;
        frontend = null;
        if (owner != null) {
            owner.backendFailed(this);
        } else {
            pool.remove(this);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent && frontend == null) {
            ctx.close();
        }
        ReferenceCountUtil.release(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
