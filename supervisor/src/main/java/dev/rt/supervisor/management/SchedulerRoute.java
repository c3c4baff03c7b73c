package dev.rt.supervisor.management;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.SchedulerJobConfig;
import dev.rt.supervisor.scheduler.JobScheduler;
import dev.rt.supervisor.scheduler.JobStatus;
import dev.rt.supervisor.scheduler.RunResult;
import dev.rt.supervisor.scheduler.UnknownJobException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * {@code GET /scheduler} ({@code {jobs: [...]}}) and {@code POST /scheduler/:name/pause}, {@code resume} (the job)
 * and {@code run} ({@code {name, success, executedAt}}, once its last attempt is over). An unknown name is a 404
 * {@code RT_RUNTIME_SCHEDULER_JOB_NOT_FOUND}.
 */
final class SchedulerRoute {
    private final ManagedRuntime runtime;
    private final Executor executor;

    SchedulerRoute(ManagedRuntime runtime, Executor executor) {
        this.runtime = runtime;
        this.executor = executor;
    }

    CompletableFuture<ApiResponse> handle(ApiRequest request, String[] parts) {
        String method = request.method();
        if (parts.length == 1 && method.equals("GET")) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            var jobs = body.putArray("jobs");
            runtime.scheduler().map(JobScheduler::jobs).orElse(List.of()).forEach(job -> jobs.add(json(job)));
            return CompletableFuture.completedFuture(ApiResponse.json(body));
        }
        if (parts.length != 3 || !method.equals("POST")) {
            throw ApiError.routeNotFound(method, ManagementHandler.PREFIX + request.path());
        }
        String name = parts[1];
        Optional<JobScheduler> scheduler = runtime.scheduler();
        if (scheduler.isEmpty()) {
            throw notFound(name);
        }
        try {
            switch (parts[2]) {
                case "pause" -> {
                    return CompletableFuture.completedFuture(ApiResponse.json(json(scheduler.get().pause(name))));
                }
                case "resume" -> {
                    return CompletableFuture.completedFuture(ApiResponse.json(json(scheduler.get().resume(name))));
                }
                case "run" -> {
                    scheduler.get().jobs().stream().filter(j -> j.config().name().equals(name)).findFirst()
                            .orElseThrow(() -> notFound(name));
                    return CompletableFuture.supplyAsync(() -> ApiResponse.json(json(scheduler.get().run(name))), executor);
                }
                default -> throw ApiError.routeNotFound(method, ManagementHandler.PREFIX + request.path());
            }
        } catch (UnknownJobException e) {
            throw notFound(name);
        }
    }

    private static ApiError notFound(String name) {
        return new ApiError(404, "RT_RUNTIME_SCHEDULER_JOB_NOT_FOUND", "Scheduler \"" + name + "\" not found");
    }

    static ObjectNode json(JobStatus status) {
        SchedulerJobConfig job = status.config();
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("name", job.name());
        node.put("cron", job.cron());
        node.put("callbackUrl", job.callbackUrl());
        node.put("method", job.method());
        ObjectNode headers = node.putObject("headers");
        job.headers().forEach(headers::put);
        if (job.body().isEmpty()) {
            node.putNull("body");
        } else if (job.jsonBody()) {
            try {
                node.set("body", ApiResponse.JSON.readTree(job.body().get()));
            } catch (JsonProcessingException e) {
                node.put("body", job.body().get());
            }
        } else {
            node.put("body", job.body().get());
        }
        node.put("maxRetries", job.maxRetry());
        node.put("enabled", job.enabled());
        node.put("source", "config");
        node.put("paused", status.paused());
        status.lastExecutedAt().ifPresentOrElse(at -> node.put("lastExecutedAt", at.toString()),
                () -> node.putNull("lastExecutedAt"));
        status.lastStatus().ifPresentOrElse(s -> node.put("lastStatus", s), () -> node.putNull("lastStatus"));
        status.nextRunAt().ifPresentOrElse(at -> node.put("nextRunAt", at.toString()), () -> node.putNull("nextRunAt"));
        return node;
    }

    private static ObjectNode json(RunResult result) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("name", result.name());
        node.put("success", result.success());
        node.put("executedAt", result.executedAt().toString());
        return node;
    }
}
