package dev.rt.supervisor.scheduler;

import dev.rt.config.SchedulerJobConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One attempt of a job's HTTP call: {@code method} to {@code callbackUrl} with the job's headers over
 * {@code x-retry-attempt}, and its body (a JSON object with {@code content-type: application/json} unless the job
 * sets one). {@code http://<id>.rt.local} URLs go through the mesh proxy, like a worker's calls. The answer is the
 * status, the body read and dropped.
 */
final class CallbackCall {
    /** Headers the JDK's client sets itself and refuses from callers. */
    static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");

    private final HttpClient client;
    private final Duration timeout;

    CallbackCall(int meshPort, Duration timeout) {
        this.timeout = timeout;
        ProxySelector mesh = new ProxySelector() {
            private final List<Proxy> viaMesh = List.of(new Proxy(Proxy.Type.HTTP,
                    new InetSocketAddress("127.0.0.1", meshPort)));

            @Override
            public List<Proxy> select(URI uri) {
                String host = uri.getHost();
                return host != null && host.endsWith(".rt.local") ? viaMesh : List.of(Proxy.NO_PROXY);
            }

            @Override
            public void connectFailed(URI uri, SocketAddress address, IOException error) {
                // the attempt fails with the error, and the job's retries take over
            }
        };
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).proxy(mesh)
                .connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** The status of one attempt ({@code attempt} from 1); throws when no answer came. */
    int send(SchedulerJobConfig job, int attempt) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(job.callbackUrl())).timeout(timeout)
                .header("x-retry-attempt", Integer.toString(attempt));
        boolean typed = false;
        for (Map.Entry<String, String> header : job.headers().entrySet()) {
            String name = header.getKey().toLowerCase(java.util.Locale.ROOT);
            if (RESTRICTED.contains(name)) {
                continue;
            }
            typed |= name.equals("content-type");
            request.setHeader(header.getKey(), header.getValue());
        }
        if (job.jsonBody() && !typed) {
            request.header("content-type", "application/json");
        }
        request.method(job.method(), job.body().map(HttpRequest.BodyPublishers::ofString)
                .orElse(HttpRequest.BodyPublishers.noBody()));
        return client.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
