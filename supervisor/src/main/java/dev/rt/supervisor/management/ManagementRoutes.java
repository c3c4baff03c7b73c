package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.protocol.Diagnose;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.metrics.MetricsFormat;
import dev.rt.config.ServiceConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The routes under {@code /api/v1}. Each answers a future; errors are {@link ApiError}s, and any other
 * {@link RtException} is a 500 carrying its code.
 */
final class ManagementRoutes {
    private final ManagedRuntime runtime;
    private final LogStore logs;
    private final InjectRoute inject;
    private final SchedulerRoute scheduler;

    ManagementRoutes(ManagedRuntime runtime, LogStore logs, Executor executor) {
        this.runtime = runtime;
        this.logs = logs;
        this.inject = new InjectRoute(runtime, executor);
        this.scheduler = new SchedulerRoute(runtime, executor);
    }

    CompletableFuture<ApiResponse> handle(ApiRequest request) {
        try {
            return route(request, request.path().substring(1).split("/", -1));
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(errorResponse(e));
        }
    }

    private CompletableFuture<ApiResponse> route(ApiRequest request, String[] parts) {
        String method = request.method();
        String first = parts[0];
        if (parts.length == 1) {
            switch (method + " " + first) {
                case "GET status" -> {
                    return done(ApiResponse.json(object().put("status", runtime.status())));
                }
                case "GET metadata" -> {
                    return done(ApiResponse.json(RuntimeMetadata.of(runtime)));
                }
                case "GET config" -> {
                    return done(ApiResponse.json(runtime.config().settings()));
                }
                case "GET env" -> {
                    return done(ApiResponse.json(env(Map.of())));
                }
                case "POST stop" -> {
                    return done(ApiResponse.empty().then(runtime::stop));
                }
                // The routes keep the names rt ctl gives them: POST /reload (rt ctl reload) restarts the runtime,
                // POST /restart (rt ctl restart) reloads services.
                case "POST reload" -> {
                    return done(ApiResponse.empty().then(runtime::restart));
                }
                case "POST restart" -> {
                    return runtime.services().reload(servicesToReload(request)).thenApply(done -> ApiResponse.empty());
                }
                case "GET services" -> {
                    return done(ApiResponse.json(services()));
                }
                case "GET history" -> {
                    return done(HistoryRoute.history(runtime, request));
                }
                case "GET http-cache" -> {
                    return done(HistoryRoute.httpCache(runtime));
                }
                case "GET metrics" -> {
                    MetricsFormat format = request.header("accept").filter(accept -> accept.contains("json")).isPresent()
                            ? MetricsFormat.JSON : MetricsFormat.TEXT;
                    return runtime.metrics(format).thenApply(body -> ApiResponse.text(format == MetricsFormat.JSON
                            ? "application/json" : "text/plain; version=0.0.4; charset=utf-8", body));
                }
                default -> { }
            }
        }
        if (first.equals("services") && parts.length >= 2) {
            return serviceRoute(request, parts);
        }
        if (first.equals("scheduler")) {
            return scheduler.handle(request, parts);
        }
        if (first.equals("http-cache") && parts.length == 2 && parts[1].equals("invalidate") && method.equals("POST")) {
            return done(HttpCacheRoute.invalidate(runtime, request));
        }
        if (first.equals("logs") && parts.length == 2 && method.equals("GET")) {
            return done(logRoute(parts[1]));
        }
        throw ApiError.routeNotFound(method, ManagementHandler.PREFIX + request.path());
    }

    private CompletableFuture<ApiResponse> serviceRoute(ApiRequest request, String[] parts) {
        ServiceTarget target = ServiceTarget.parse(runtime, parts[1]);
        ServiceConfig service = target.service();
        String method = request.method();
        String action = parts.length == 2 ? "" : parts[2];
        if (action.equals("proxy")) {
            String rest = "/" + String.join("/", java.util.Arrays.copyOfRange(parts, 3, parts.length));
            return inject.send(target, rest.equals("/") && parts.length == 3 ? "" : rest, request);
        }
        if (parts.length > 3) {
            throw ApiError.routeNotFound(method, ManagementHandler.PREFIX + request.path());
        }
        switch (method + " " + action) {
            case "GET " -> {
                return done(ApiResponse.json(ServiceDetails.of(runtime, service)));
            }
            case "GET config" -> {
                return done(ApiResponse.json(service.application().configuration()));
            }
            case "GET env" -> { // what a worker really got; the configuration's share when none runs
                ObjectNode env = target.startedWorker(runtime).flatMap(w -> ProcessEnvironment.of(w.pid()))
                        .map(ManagementRoutes::object).orElseGet(() -> env(service.env()));
                return done(ApiResponse.json(env));
            }
            case "GET openapi-schema" -> {
                return schema(target, Diagnose.OPENAPI_SCHEMA, "application/json; charset=utf-8",
                        "RT_RUNTIME_FAILED_TO_RETRIEVE_OPENAPI_SCHEMA", "OpenAPI");
            }
            case "GET graphql-schema" -> {
                return schema(target, Diagnose.GRAPHQL_SCHEMA, "text/plain; charset=utf-8",
                        "RT_RUNTIME_FAILED_TO_RETRIEVE_GRAPHQL_SCHEMA", "GraphQL");
            }
            case "POST start" -> {
                if (!ServiceTarget.status(runtime, service.id()).equals("stopped")) {
                    throw new ApiError(500, "RT_RUNTIME_SERVICE_ALREADY_STARTED",
                            "Service with id '" + service.id() + "' is already started");
                }
                return runtime.services().start(service.id()).thenApply(done -> ApiResponse.empty());
            }
            case "POST stop" -> {
                return runtime.services().stop(service.id()).thenApply(done -> ApiResponse.empty());
            }
            case "POST heap-dump" -> {
                return diagnostic(target, Diagnose.HEAP_DUMP, Duration.ZERO);
            }
            case "POST profile" -> {
                return diagnostic(target, Diagnose.PROFILE, profileDuration(request));
            }
            default -> throw ApiError.routeNotFound(method, ManagementHandler.PREFIX + request.path());
        }
    }

    /**
     * The service's OpenAPI document or GraphQL schema, as its running worker describes it (the kind builds it from
     * the routes and plugins it loaded, which only the worker knows), written to a file in the runtime's private
     * directory like a heap dump, sent back, then removed. A service without one, of a kind without one, or not
     * started, is a 500 with the code given.
     */
    private CompletableFuture<ApiResponse> schema(ServiceTarget target, String kind, String contentType, String code,
            String what) {
        String failed = "Failed to retrieve " + what + " schema for service with id \"" + target.service().id() + "\": ";
        if (target.startedWorker(runtime).isEmpty()) {
            throw new ApiError(500, code, failed + "it has no started worker");
        }
        java.util.OptionalInt worker = target.worker().map(java.util.OptionalInt::of).orElse(java.util.OptionalInt.empty());
        return runtime.services().diagnose(target.service().id(), worker, kind, Duration.ZERO)
                .thenApply(file -> ApiResponse.file(file, contentType))
                .exceptionally(error -> {
                    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                    throw new ApiError(500, code, failed + cause.getMessage()
                            .replaceFirst("^the worker could not write the file: ", "")
                            .replaceFirst("^[\\w.$]+(Exception|Error): ", ""));
                });
    }

    /** The worker writes the file into the runtime's private directory; it is sent back, then removed. */
    private CompletableFuture<ApiResponse> diagnostic(ServiceTarget target, String kind, Duration duration) {
        if (target.startedWorker(runtime).isEmpty()) {
            throw ApiError.notStarted(target.service().id());
        }
        java.util.OptionalInt worker = target.worker().map(java.util.OptionalInt::of).orElse(java.util.OptionalInt.empty());
        return runtime.services().diagnose(target.service().id(), worker, kind, duration)
                .thenApply(file -> ApiResponse.file(file, "application/octet-stream"));
    }

    private static Duration profileDuration(ApiRequest request) {
        String millis = request.queryParameter("durationMillis", "30000");
        try {
            long value = Long.parseLong(millis);
            if (value < 1 || value > 3_600_000) {
                throw new NumberFormatException();
            }
            return Duration.ofMillis(value);
        } catch (NumberFormatException e) {
            throw new ApiError(400, "RT_INVALID_DURATION",
                    "durationMillis must be a number of milliseconds from 1 to 3600000, found \"" + millis + "\"");
        }
    }

    private ApiResponse logRoute(String which) {
        switch (which) {
            case "indexes" -> {
                ObjectNode body = object();
                logs.indexes().forEach(body.putArray("indexes")::add);
                return ApiResponse.json(body);
            }
            case "all" -> {
                return ApiResponse.text("application/x-ndjson", logs.all());
            }
            default -> {
                try {
                    int index = Integer.parseInt(which);
                    return ApiResponse.text("application/x-ndjson", logs.read(index).orElseThrow(() -> new ApiError(404,
                            "RT_LOG_FILE_NOT_FOUND", "Log file " + index + " not found. Available log files are: "
                                    + logs.indexes())));
                } catch (NumberFormatException e) {
                    throw ApiError.routeNotFound("GET", ManagementHandler.PREFIX + "/logs/" + which);
                }
            }
        }
    }

    private ObjectNode services() {
        ObjectNode body = object();
        body.put("entrypoint", runtime.config().entrypoint());
        body.put("production", runtime.production());
        var list = body.putArray("services");
        runtime.config().services().forEach(s -> list.add(ServiceDetails.of(runtime, s)));
        return body;
    }

    /**
     * The runtime's environment with the variables of {@code extra} it does not set (the real environment wins,
     * as for workers), sorted by name; {@code RT_ROOT} included.
     */
    private ObjectNode env(Map<String, String> extra) {
        Map<String, String> all = new TreeMap<>(runtime.environment());
        extra.forEach(all::putIfAbsent);
        all.putIfAbsent("RT_ROOT", runtime.config().root().toAbsolutePath().toString());
        return object(all);
    }

    private static ObjectNode object(Map<String, String> variables) {
        ObjectNode body = object();
        variables.forEach(body::put);
        return body;
    }

    /** The ids of the body's {@code services}, or every service's without it. */
    private List<String> servicesToReload(ApiRequest request) {
        if (request.body().length == 0) {
            return runtime.config().serviceIds();
        }
        JsonNode body;
        try {
            body = ApiResponse.JSON.readTree(request.body());
        } catch (IOException e) {
            throw new ApiError(400, "RT_INVALID_REQUEST_BODY", "the body must be JSON like {\"services\": [\"api\"]}: "
                    + e.getMessage());
        }
        JsonNode ids = body.path("services");
        if (ids.isMissingNode()) {
            return runtime.config().serviceIds();
        }
        List<String> result = new ArrayList<>();
        ids.forEach(id -> result.add(ServiceTarget.parse(runtime, id.asText()).service().id()));
        return result;
    }

    static ApiResponse errorResponse(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof ApiError api) {
            return ApiResponse.error(api);
        }
        if (cause instanceof RtException rt) {
            return ApiResponse.error(new ApiError(500, rt.code(), rt.getMessage()));
        }
        if (cause instanceof java.net.http.HttpTimeoutException) {
            return ApiResponse.error(new ApiError(504, "RT_INJECT_TIMEOUT", "the service did not answer in time: " + cause.getMessage()));
        }
        if (cause instanceof IOException) {
            return ApiResponse.error(new ApiError(502, "RT_INJECT_FAILED", "the request could not be sent: " + cause));
        }
        return ApiResponse.error(new ApiError(500, "RT_INTERNAL_ERROR", String.valueOf(cause)));
    }

    private static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    private static CompletableFuture<ApiResponse> done(ApiResponse response) {
        return CompletableFuture.completedFuture(response);
    }
}
