package dev.rt.kind.service.http;

import dev.rt.service.HttpError;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code server.healthCheck}: {@code GET /status} answers {@code {"status":"ok"}}, or 503 with the error body while
 * the plugins' health checks (run every {@code interval} ms on the worker pool) last failed.
 */
public final class HealthRoute {
    static final String PATH = "/status";

    private final List<Callable<Boolean>> checks;
    private volatile boolean healthy = true;
    private long timer = -1;

    public HealthRoute(List<Callable<Boolean>> checks) {
        this.checks = List.copyOf(checks);
    }

    public void mount(Router router, Vertx vertx, long interval) {
        if (!checks.isEmpty()) {
            run(vertx);
            timer = vertx.setPeriodic(Math.max(1, interval), id -> run(vertx));
        }
        router.get(PATH).handler(context -> {
            if (healthy) {
                context.response().putHeader("content-type", "application/json; charset=utf-8")
                        .end("{\"status\":\"ok\"}");
            } else {
                context.fail(new HttpError(503, "FST_UNDER_PRESSURE", "Service Unavailable"));
            }
        });
    }

    public void stop(Vertx vertx) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    private void run(Vertx vertx) {
        vertx.executeBlocking(() -> {
            boolean all = true;
            for (Callable<Boolean> check : checks) {
                try {
                    all &= Boolean.TRUE.equals(check.call());
                } catch (Exception e) {
                    all = false;
                }
            }
            return all;
        }, false).onSuccess(result -> healthy = result);
    }
}
