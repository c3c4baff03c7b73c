package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * Reads applications' documents: {@code GET <origin><url>} (an application of the runtime through the mesh, an outside
 * host directly), which must answer 200 or 201 with JSON, or a local file, JSON or YAML by its extension.
 */
public final class DocumentFetcher {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client;

    /** @param proxy how {@code http://<id>.rt.local} is reached (the mesh) */
    public DocumentFetcher(ProxySelector proxy) {
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).proxy(proxy)
                .connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /** {@code origin} and {@code url} joined as the reference joins them: one slash between. */
    public static URI location(String origin, String url) {
        return URI.create(origin + (url.startsWith("/") ? url : "/" + url));
    }

    /** The document at {@code location}; fails with an {@link IOException} saying what went wrong. */
    public CompletableFuture<JsonNode> fetch(URI location) {
        HttpRequest request = HttpRequest.newBuilder(location).timeout(TIMEOUT)
                .header("accept", "application/json").GET().build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
            if (response.statusCode() != 200 && response.statusCode() != 201) {
                throw new FetchFailure(location + " answered " + response.statusCode());
            }
            try {
                return JSON.readTree(response.body());
            } catch (IOException e) {
                throw new FetchFailure(location + " did not answer JSON: " + e.getMessage());
            }
        });
    }

    /** The document in {@code file}. */
    public static JsonNode read(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        ObjectMapper mapper = name.endsWith(".yaml") || name.endsWith(".yml") ? YAML : JSON;
        return mapper.readTree(Files.readString(file));
    }

    /** A fetch that got an answer, but not a document. */
    public static final class FetchFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        FetchFailure(String message) {
            super(message);
        }
    }
}
