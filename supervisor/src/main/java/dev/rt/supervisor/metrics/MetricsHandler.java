package dev.rt.supervisor.metrics;

import dev.rt.config.MetricsConfig;
import dev.rt.config.ProbeConfig;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The routes of the metrics server: {@code GET /} a greeting that lists the routes, the
 * metrics endpoint (text, or JSON when the {@code Accept} header asks for JSON and not for text; basic auth
 * when {@code metrics.auth} is set, 401 {@code {"message":"Unauthorized"}} otherwise), and the readiness and
 * liveness probes, each answering its configured status and body as {@code text/plain}.
 */
final class MetricsHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    static final String TEXT = "text/plain; version=0.0.4; charset=utf-8";
    static final String PLAIN = "text/plain; charset=utf-8";
    static final String JSON = "application/json; charset=utf-8";

    private final MetricsConfig config;
    private final MetricsSource source;
    private final BasicAuth auth;

    MetricsHandler(MetricsConfig config, MetricsSource source) {
        this.config = config;
        this.source = source;
        this.auth = new BasicAuth(config.auth());
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String path = request.uri().split("\\?", 2)[0];
        if (!HttpMethod.GET.equals(request.method()) && !HttpMethod.HEAD.equals(request.method())) {
            send(ctx, keepAlive, HttpResponseStatus.NOT_FOUND, JSON, notFound(request.method().name(), path));
        } else if (config.enabled() && path.equals(config.endpoint())) {
            metrics(ctx, request, keepAlive);
        } else if (config.readiness().enabled() && path.equals(config.readiness().endpoint())) {
            probe(ctx, keepAlive, config.readiness(), CompletableFuture.completedFuture(source.ready()));
        } else if (config.liveness().enabled() && path.equals(config.liveness().endpoint())) {
            probe(ctx, keepAlive, config.liveness(), source.live());
        } else if (path.equals("/")) {
            send(ctx, keepAlive, HttpResponseStatus.OK, PLAIN, greeting());
        } else {
            send(ctx, keepAlive, HttpResponseStatus.NOT_FOUND, JSON, notFound(request.method().name(), path));
        }
    }

    private void metrics(ChannelHandlerContext ctx, FullHttpRequest request, boolean keepAlive) {
        if (!auth.accepts(Optional.ofNullable(request.headers().get(HttpHeaderNames.AUTHORIZATION)))) {
            FullHttpResponse response = response(ctx, HttpResponseStatus.UNAUTHORIZED, JSON,
                    "{\"message\":\"Unauthorized\"}");
            response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Basic realm=\"rt metrics\"");
            write(ctx, keepAlive, response);
            return;
        }
        String accept = String.valueOf(request.headers().get(HttpHeaderNames.ACCEPT));
        MetricsFormat format = accept.contains("application/json") && !accept.contains("text/plain")
                ? MetricsFormat.JSON : MetricsFormat.TEXT;
        source.metrics(format).whenComplete((body, error) -> ctx.executor().execute(() -> {
            if (error != null) {
                send(ctx, keepAlive, HttpResponseStatus.INTERNAL_SERVER_ERROR, JSON,
                        "{\"message\":" + quote(String.valueOf(error.getMessage())) + "}");
            } else {
                send(ctx, keepAlive, HttpResponseStatus.OK, format == MetricsFormat.JSON ? JSON : TEXT, body);
            }
        }));
    }

    private void probe(ChannelHandlerContext ctx, boolean keepAlive, ProbeConfig probe, CompletableFuture<Boolean> check) {
        check.whenComplete((passing, error) -> ctx.executor().execute(() -> {
            boolean ok = error == null && Boolean.TRUE.equals(passing);
            send(ctx, keepAlive, HttpResponseStatus.valueOf(ok ? probe.successStatus() : probe.failStatus()), PLAIN,
                    ok ? probe.successBody() : probe.failBody());
        }));
    }

    private String greeting() {
        StringBuilder text = new StringBuilder("Hello from the rt metrics server!\n");
        if (config.enabled()) {
            text.append("The metrics are available at ").append(config.endpoint()).append(".\n");
        }
        if (config.readiness().enabled()) {
            text.append("The readiness endpoint is available at ").append(config.readiness().endpoint()).append(".\n");
        }
        if (config.liveness().enabled()) {
            text.append("The liveness endpoint is available at ").append(config.liveness().endpoint()).append(".\n");
        }
        return text.toString();
    }

    private static String notFound(String method, String path) {
        return "{\"message\":" + quote("Route " + method + ":" + path + " not found")
                + ",\"error\":\"Not Found\",\"statusCode\":404}";
    }

    private static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replaceAll("[\\x00-\\x1f]", " ") + "\"";
    }

    private static void send(ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String type,
            String body) {
        write(ctx, keepAlive, response(ctx, status, type, body));
    }

    /**
     * The body goes in a buffer from the channel's own allocator (pooled, direct), the kind the proxy's traffic
     * uses on the same event loops: the epoll transport writes it without first copying a heap buffer into a
     * direct one, and Netty's write path, shared with the proxy, sees one kind of buffer rather than two.
     */
    private static FullHttpResponse response(ChannelHandlerContext ctx, HttpResponseStatus status, String type,
            String body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                ByteBufUtil.writeUtf8(ctx.alloc(), body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
        HttpUtil.setContentLength(response, response.content().readableBytes());
        return response;
    }

    private static void write(ChannelHandlerContext ctx, boolean keepAlive, FullHttpResponse response) {
        HttpUtil.setKeepAlive(response, keepAlive);
        var written = ctx.writeAndFlush(response);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
