package dev.rt.kind.service;

import dev.rt.kind.BusyTime;
import dev.rt.kind.KindException;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.service.busy.LoopBusyTime;
import dev.rt.kind.service.direct.PublicSocket;
import dev.rt.kind.service.graphql.ws.GraphQlSockets;
import dev.rt.kind.service.http.ServerSettings;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The listening side: one HTTP server per event loop, all on the same ephemeral 127.0.0.1 port, so connections
 * spread over the loops. Stopping shuts the servers down gracefully (new connections refused, requests in flight
 * finished, idle connections closed), or at once with {@code forceCloseConnections: true}, then closes Vert.x, all
 * within the deadline. With a {@link PublicSocket} (a direct entrypoint) the server also takes the connections of the
 * runtime's public socket, and stops taking them first when it stops.
 */
final class ServiceServer implements RunningApplication {
    private static final Duration STOP_MARGIN = Duration.ofMillis(300);

    private final Vertx vertx;
    private final List<HttpServer> servers;
    private final int port;
    private final BusyTime busyTime;
    private final ServiceRouter router;
    private final boolean forceClose;
    private final Optional<PublicSocket> publicSocket;

    private ServiceServer(Vertx vertx, List<HttpServer> servers, int port, BusyTime busyTime, ServiceRouter router,
            boolean forceClose, Optional<PublicSocket> publicSocket) {
        this.vertx = vertx;
        this.servers = servers;
        this.port = port;
        this.busyTime = busyTime;
        this.router = router;
        this.forceClose = forceClose;
        this.publicSocket = publicSocket;
    }

    static ServiceServer listen(Vertx vertx, Router handler, ServerSettings settings, int loops, LoopBusyTime busy,
            ServiceRouter router, Duration limit, Optional<PublicSocket> publicSocket) {
        List<HttpServer> servers = new CopyOnWriteArrayList<>();
        int port = deploy(vertx, handler, settings, loops, servers, limit);
        publicSocket.ifPresent(socket -> socket.takeOver(port, limit));
        return new ServiceServer(vertx, servers, port, busy.busyTime(), router,
                settings.forceCloseConnections().equals("true"), publicSocket);
    }

    /** A negative port: one ephemeral port, shared by the instances. */
    private static int deploy(Vertx vertx, Router handler, ServerSettings settings, int instances,
            List<HttpServer> servers, Duration limit) {
        HttpServerOptions options = new HttpServerOptions().setHost("127.0.0.1").setPort(-1)
                .setIdleTimeoutUnit(TimeUnit.MILLISECONDS).setTcpNoDelay(true)
                .setIdleTimeout((int) Math.min(Integer.MAX_VALUE, settings.keepAliveTimeout()))
                .setReadIdleTimeout((int) Math.min(Integer.MAX_VALUE, settings.connectionTimeout()))
                .setWebSocketSubProtocols(GraphQlSockets.SUBPROTOCOLS);
        Future<String> deployed = vertx.deployVerticle(() -> new AbstractVerticle() {
            @Override
            public void start(Promise<Void> started) {
                vertx.createHttpServer(options).requestHandler(handler).listen().onSuccess(server -> {
                    servers.add(server);
                    started.complete();
                }).onFailure(started::fail);
            }
        }, new DeploymentOptions().setInstances(instances));
        try {
            deployed.toCompletionStage().toCompletableFuture().get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new KindException("cannot listen on 127.0.0.1: " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new KindException("the HTTP server did not start listening within " + limit.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KindException("interrupted while the HTTP server started");
        }
        return servers.get(0).actualPort();
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public Optional<BusyTime> busyTime() {
        return Optional.of(busyTime);
    }

    @Override
    public Optional<String> openApiDocument() {
        return router.openApiDocument();
    }

    @Override
    public Optional<String> graphQlSchema() {
        return router.graphQlSchema();
    }

    @Override
    public void stop(Duration deadline) {
        long end = System.nanoTime() + deadline.minus(STOP_MARGIN).toNanos();
        publicSocket.ifPresent(PublicSocket::close); // its waiting connections go to the other workers
        router.stop();
        long graceMillis = forceClose ? 0 : Math.max(0, (end - System.nanoTime()) / 1_000_000);
        List<Future<Void>> shutdowns = servers.stream()
                .map(server -> server.shutdown(graceMillis, TimeUnit.MILLISECONDS)).toList();
        await(Future.join(shutdowns), end);
        await(vertx.close(), end + STOP_MARGIN.toNanos() / 2);
    }

    private static void await(Future<?> future, long endNanos) {
        try {
            future.toCompletionStage().toCompletableFuture()
                    .get(Math.max(1, endNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // the deadline wins: the JVM exits after stop returns
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
