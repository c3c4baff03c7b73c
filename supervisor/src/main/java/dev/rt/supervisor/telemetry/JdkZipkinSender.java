package dev.rt.supervisor.telemetry;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import zipkin2.reporter.BytesMessageSender;
import zipkin2.reporter.Encoding;

/**
 * Sends Zipkin's JSON span lists to a Zipkin server's {@code /api/v2/spans} with the JDK's HttpClient (the
 * exporter's default sender needs OkHttp), with the exporter's {@code headers}.
 */
final class JdkZipkinSender extends BytesMessageSender.Base {
    private static final int MAX_MESSAGE_BYTES = 5 * 1024 * 1024;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI endpoint;
    private final Map<String, String> headers;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .proxy(HttpClient.Builder.NO_PROXY).build();

    JdkZipkinSender(URI endpoint, Map<String, String> headers) {
        super(Encoding.JSON);
        this.endpoint = endpoint;
        this.headers = Map.copyOf(headers);
    }

    @Override
    public int messageMaxBytes() {
        return MAX_MESSAGE_BYTES;
    }

    @Override
    public void send(List<byte[]> spans) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(TIMEOUT)
                .header("Content-Type", encoding.mediaType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(encoding.encode(spans)));
        headers.forEach(request::header);
        HttpResponse<String> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending spans to " + endpoint, e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new IOException(endpoint + " answered " + response.statusCode() + " " + response.body());
        }
    }

    @Override
    public void close() {
        // the JDK's client frees its connections when it is collected
    }

    @Override
    public String toString() {
        return "JdkZipkinSender{" + endpoint + "}";
    }
}
