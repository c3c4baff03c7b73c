package dev.rt.kind.service.client;

import dev.rt.service.ClientResponse;
import dev.rt.service.ServiceClient;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.ProxyOptions;
import io.vertx.core.net.ProxyType;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * A {@code clients} entry as a {@link ServiceClient}: a Vert.x HTTP client that sends its requests the way the
 * worker's default proxy selector says, which rt sets up so that {@code *.rt.local} goes through the mesh proxy
 * (other URLs go direct unless that selector says otherwise).
 */
final class MeshClient implements ServiceClient {
    private final ClientSettings settings;
    private final URI base;
    private final HttpClient http;

    MeshClient(Vertx vertx, ClientSettings settings) {
        this.settings = settings;
        this.base = URI.create(settings.url());
        HttpClientOptions options = new HttpClientOptions().setKeepAlive(true);
        proxyFor(base).ifPresent(options::setProxyOptions);
        this.http = vertx.createHttpClient(options);
    }

    private static Optional<ProxyOptions> proxyFor(URI uri) {
        ProxySelector selector = ProxySelector.getDefault();
        List<Proxy> proxies = selector == null ? List.of() : selector.select(uri);
        for (Proxy proxy : proxies) {
            if (proxy.type() == Proxy.Type.HTTP && proxy.address() instanceof InetSocketAddress address) {
                return Optional.of(new ProxyOptions().setType(ProxyType.HTTP)
                        .setHost(address.getHostString()).setPort(address.getPort()));
            }
        }
        return Optional.empty();
    }

    @Override
    public String serviceId() {
        return settings.serviceId();
    }

    @Override
    public String url() {
        return settings.url();
    }

    @Override
    public Future<ClientResponse> send(HttpMethod method, String path, MultiMap headers, Buffer body) {
        String target = settings.url() + (path.startsWith("/") ? path : "/" + path);
        RequestOptions request = new RequestOptions().setMethod(method).setAbsoluteURI(target).setHeaders(headers);
        return http.request(request)
                .compose(outgoing -> body.length() == 0 ? outgoing.send() : outgoing.send(body))
                .compose(response -> response.body().map(received ->
                        new ClientResponse(response.statusCode(), response.headers(), received)));
    }
}
