package dev.rt.kind.service.http;

import dev.rt.kind.service.log.RequestLog;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The first handler of every request: gives it an id (the {@code requestIdHeader}'s value when set and present,
 * else {@code req-<n>}, n in base 36), logs it, and answers the last request {@code maxRequestsPerSocket} allows on a
 * connection with {@code Connection: close}, closing the connection once that answer is written, as Node's server
 * does.
 */
final class RequestStart implements Handler<RoutingContext> {
    private final AtomicInteger counter = new AtomicInteger();
    private final Optional<String> idHeader;
    private final RequestLog log;
    private final long maxPerSocket;
    private final Map<HttpConnection, AtomicInteger> perConnection = new ConcurrentHashMap<>();

    RequestStart(ServerSettings settings, RequestLog log) {
        this.idHeader = settings.requestIdHeader();
        this.log = log;
        this.maxPerSocket = settings.maxRequestsPerSocket();
    }

    @Override
    public void handle(RoutingContext context) {
        HttpServerRequest request = context.request();
        String id = idHeader.map(request::getHeader).filter(value -> !value.isBlank())
                .orElseGet(() -> "req-" + Integer.toString(counter.incrementAndGet() & Integer.MAX_VALUE, 36));
        context.put(RequestLog.ID, id);
        if (log.logsRequests()) {
            log.incoming(context);
            context.addEndHandler(done -> log.completed(context));
        }
        if (maxPerSocket > 0) {
            HttpConnection connection = request.connection();
            AtomicInteger count = perConnection.computeIfAbsent(connection, c -> {
                c.closeHandler(closed -> perConnection.remove(c));
                return new AtomicInteger();
            });
            if (count.incrementAndGet() >= maxPerSocket) {
                context.response().putHeader("connection", "close");
                context.addBodyEndHandler(written -> connection.close());
            }
        }
        context.next();
    }
}
