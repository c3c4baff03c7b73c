package dev.rt.kind.service;

import dev.rt.kind.RunningApplication;
import dev.rt.kind.testing.TestContext;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** A service host started in this JVM on a configuration, and a client for it; closing stops it. */
final class RunningService implements AutoCloseable {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5)).build();

    private final RunningApplication application;

    private RunningService(RunningApplication application) {
        this.application = application;
    }

    static RunningService start(Path directory, String configuration) {
        return start(directory, configuration, Map.of("RT_LOG_LEVEL", "warn"));
    }

    /** Started with {@code environment} as the worker's (its {@code RT_LOG_LEVEL}, say). */
    static RunningService start(Path directory, String configuration, Map<String, String> environment) {
        return new RunningService(new ServiceKind().start(new TestContext(directory,
                new JsonObject(configuration).getMap(), configuration, environment)));
    }

    RunningApplication application() {
        return application;
    }

    String url(String path) {
        return "http://127.0.0.1:" + application.port() + path;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url(path))).GET());
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return CLIENT.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String contentType, String body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url(path)))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("content-type", contentType);
        }
        return send(request);
    }

    @Override
    public void close() {
        application.stop(Duration.ofSeconds(5));
    }
}
