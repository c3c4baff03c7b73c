package dev.rt.service;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.Json;
import io.vertx.ext.web.RoutingContext;

/**
 * A client of another service, from the service configuration's {@code clients} entry: calls to a service of the
 * same runtime go through rt's mesh ({@code http://<serviceId>.rt.local}), honouring {@code serviceTimeout}; an
 * entry with a {@code url} calls that URL. Non-blocking: the futures complete on the caller's event loop.
 */
public interface ServiceClient {

    /** The {@code serviceId} of the entry, or the host of its {@code url}. */
    String serviceId();

    /** The base URL requests are made against, such as {@code http://movies.rt.local}. */
    String url();

    /** Sends a request; {@code path} is relative to {@link #url()}, query included. */
    Future<ClientResponse> send(HttpMethod method, String path, MultiMap headers, Buffer body);

    /**
     * This client acting for the caller of {@code request}: every call carries the credentials the caller gave
     * ({@code Authorization}; {@code X-RT-ADMIN-SECRET} with the {@code X-RT-ROLE} and {@code X-RT-USER-ID} it
     * vouches for), so that the called service authenticates the same caller with its own {@code authorization}
     * section. Nothing else of the request is forwarded, and a header the call sets itself wins.
     */
    default ServiceClient as(RoutingContext request) {
        MultiMap credentials = CallerCredentials.of(request.request().headers());
        ServiceClient client = this;
        return new ServiceClient() {
            @Override
            public String serviceId() {
                return client.serviceId();
            }

            @Override
            public String url() {
                return client.url();
            }

            @Override
            public Future<ClientResponse> send(HttpMethod method, String path, MultiMap headers, Buffer body) {
                MultiMap merged = MultiMap.caseInsensitiveMultiMap().addAll(credentials);
                headers.names().forEach(name -> merged.set(name, headers.getAll(name)));
                return client.send(method, path, merged, body);
            }
        };
    }

    default Future<ClientResponse> get(String path) {
        return send(HttpMethod.GET, path, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer());
    }

    default Future<ClientResponse> delete(String path) {
        return send(HttpMethod.DELETE, path, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer());
    }

    /** Sends {@code json} (a {@code JsonObject}, a record, a map...) encoded as JSON. */
    default Future<ClientResponse> post(String path, Object json) {
        return send(HttpMethod.POST, path, MultiMap.caseInsensitiveMultiMap().add("content-type", "application/json"),
                Buffer.buffer(Json.encode(json)));
    }

    default Future<ClientResponse> put(String path, Object json) {
        return send(HttpMethod.PUT, path, MultiMap.caseInsensitiveMultiMap().add("content-type", "application/json"),
                Buffer.buffer(Json.encode(json)));
    }
}
