package dev.rt.supervisor.management;

import dev.rt.supervisor.worker.WorkerView;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * {@code ANY /services/:id/proxy/*} ({@code rt inject}): the request, with its method, headers, query and body,
 * sent to {@code http://<id>.rt.local<rest>} through the mesh proxy, as another service would call it; a
 * {@code id:N} target goes straight to that worker. The answer comes back with status, headers and body.
 */
final class InjectRoute {
    /** Hop-by-hop and framing headers, and those the JDK client sets itself. */
    private static final Set<String> DROPPED_REQUEST = Set.of("connection", "content-length", "content-encoding",
            "transfer-encoding", "host", "expect", "upgrade", "keep-alive", "te", "trailer", "proxy-connection");
    private static final Set<String> DROPPED_RESPONSE = Set.of("content-length", "transfer-encoding", "connection",
            "keep-alive", ":status");

    private final ManagedRuntime runtime;
    private final HttpClient throughMesh;
    private final HttpClient direct;

    InjectRoute(ManagedRuntime runtime, Executor executor) {
        this.runtime = runtime;
        this.throughMesh = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
                .proxy(ProxySelector.of(new InetSocketAddress("127.0.0.1", runtime.meshPort())))
                .connectTimeout(Duration.ofSeconds(10)).build();
        this.direct = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
                .proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(10)).build();
    }

    CompletableFuture<ApiResponse> send(ServiceTarget target, String rest, ApiRequest request) {
        WorkerView worker = target.startedWorker(runtime).orElseThrow(() -> ApiError.notStarted(
                target.service().id() + target.worker().map(i -> ":" + i).orElse("")));
        String pathAndQuery = (rest.isEmpty() ? "/" : rest) + (request.rawQuery().isEmpty() ? "" : "?" + request.rawQuery());
        String origin = target.worker().isPresent() ? "http://127.0.0.1:" + worker.port().getAsInt()
                : target.service().meshUrl();
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(origin + pathAndQuery))
                .timeout(runtime.config().serviceTimeout())
                .method(request.method(), request.body().length == 0 && !hasBody(request)
                        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        for (Map.Entry<String, String> header : request.headers()) {
            if (!DROPPED_REQUEST.contains(header.getKey().toLowerCase(java.util.Locale.ROOT))) {
                builder.header(header.getKey(), header.getValue());
            }
        }
        HttpClient client = target.worker().isPresent() ? direct : throughMesh;
        return client.sendAsync(builder.build(), HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
            List<Map.Entry<String, String>> headers = new ArrayList<>();
            response.headers().map().forEach((name, values) -> {
                if (!DROPPED_RESPONSE.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                    values.forEach(value -> headers.add(Map.entry(name, value)));
                }
            });
            return new ApiResponse(response.statusCode(), headers, response.body());
        });
    }

    private static boolean hasBody(ApiRequest request) {
        return request.header("content-length").filter(length -> !length.equals("0")).isPresent();
    }
}
