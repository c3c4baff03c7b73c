package dev.rt.supervisor.management;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.DefaultFileRegion;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Turns each aggregated request into an {@link ApiRequest} for {@link ManagementRoutes} (run off the event
 * loop), writes the answer back, and serves {@code GET /api/v1/logs/live} itself as a chunked NDJSON stream.
 */
final class ManagementHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    static final String PREFIX = "/api/v1";

    private final ManagementRoutes routes;
    private final LogStore logs;
    private final Executor executor;
    private AutoCloseable following;

    ManagementHandler(ManagementRoutes routes, LogStore logs, Executor executor) {
        this.routes = routes;
        this.logs = logs;
        this.executor = executor;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (request.decoderResult().isFailure()) { // Netty hands on what it could not parse as "GET /bad-request"
            Throwable cause = request.decoderResult().cause();
            write(ctx, ApiResponse.error(new ApiError(400, "RT_BAD_REQUEST", "the request is not valid HTTP/1.1: "
                    + (cause == null ? "undecodable" : cause.getMessage())
                    + " (a method is a token such as GET; a path has no spaces or control characters)")), false);
            return;
        }
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String path = uri.path();
        if (request.method().equals(HttpMethod.GET) && path.equals(PREFIX + "/logs/live")) {
            streamLogs(ctx, uri);
            return;
        }
        int query = request.uri().indexOf('?');
        ApiRequest api = new ApiRequest(request.method().name(),
                path.startsWith(PREFIX + "/") ? path.substring(PREFIX.length()) : path,
                query < 0 ? "" : request.uri().substring(query + 1), uri.parameters(),
                request.headers().entries(), ByteBufUtil.getBytes(request.content()));
        boolean known = path.startsWith(PREFIX + "/");
        CompletableFuture.supplyAsync(() -> known ? routes.handle(api)
                        : CompletableFuture.completedFuture(ApiResponse.error(ApiError.routeNotFound(api.method(), path))),
                        executor)
                .thenCompose(answer -> answer)
                .exceptionally(ManagementRoutes::errorResponse)
                .thenAccept(answer -> ctx.executor().execute(() -> write(ctx, answer, keepAlive)));
    }

    private static void write(ChannelHandlerContext ctx, ApiResponse answer, boolean keepAlive) {
        if (answer.file().isPresent()) {
            writeFile(ctx, answer, answer.file().get());
            return;
        }
        byte[] body = answer.body();
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(answer.status()), ctx.alloc().buffer(body.length).writeBytes(body));
        for (Map.Entry<String, String> header : answer.headers()) {
            response.headers().add(header.getKey(), header.getValue());
        }
        HttpUtil.setContentLength(response, body.length);
        HttpUtil.setKeepAlive(response, keepAlive);
        var written = ctx.writeAndFlush(response);
        written.addListener(done -> answer.afterSent().run());
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** The file with sendfile(2) (a {@link DefaultFileRegion}), then the connection closes. */
    private static void writeFile(ChannelHandlerContext ctx, ApiResponse answer, java.nio.file.Path file) {
        long size;
        try {
            size = java.nio.file.Files.size(file);
        } catch (java.io.IOException e) {
            answer.afterSent().run();
            write(ctx, ApiResponse.error(new ApiError(500, "RT_DIAGNOSTIC_FAILED", "cannot read " + file + ": " + e)), false);
            return;
        }
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        answer.headers().forEach(h -> head.headers().add(h.getKey(), h.getValue()));
        HttpUtil.setContentLength(head, size);
        HttpUtil.setKeepAlive(head, false);
        ctx.write(head);
        ctx.write(new DefaultFileRegion(file.toFile(), 0, size));
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(done -> answer.afterSent().run())
                .addListener(ChannelFutureListener.CLOSE);
    }

    /** History from file {@code ?start=} (without it, none), then every new line, until the client goes. */
    private void streamLogs(ChannelHandlerContext ctx, QueryStringDecoder uri) {
        List<String> start = uri.parameters().get("start");
        int from;
        try {
            from = start == null ? Integer.MAX_VALUE : Integer.parseInt(start.get(0));
        } catch (NumberFormatException e) {
            write(ctx, ApiResponse.error(new ApiError(400, "RT_INVALID_LOG_INDEX",
                    "start must be a log file index (see GET /api/v1/logs/indexes), found \"" + start.get(0) + "\"")), false);
            return;
        }
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/x-ndjson");
        head.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        ctx.writeAndFlush(head);
        following = logs.follow(from, text -> ctx.writeAndFlush(
                new DefaultHttpContent(ByteBufUtil.writeUtf8(ctx.alloc(), text))));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (following != null) {
            following.close();
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
