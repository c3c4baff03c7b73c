package dev.rt.cli.client;

import dev.rt.kind.mesh.MeshHost;
import java.util.List;
import java.util.Objects;

/**
 * What to generate.
 *
 * @param name             the client's name: the Java package and class ({@code movies} → {@code movies.MoviesClient}),
 *                         the TypeScript files' base name
 * @param serviceId        the service it calls, whose mesh URL ({@code http://<id>.rt.local}) is its default address
 * @param fullResponse     methods return the status and headers with the body
 * @param fullRequest      each method takes one request object holding its parameters and body
 * @param optionalHeaders  header parameters that may be left out even where the API requires them
 * @param validateResponse responses are checked against the statuses and types the API documents
 * @param typesOnly        only the types, no client
 * @param typesComment     the API's descriptions as comments on the types
 * @param propsOptional    every property may be missing, even those the API requires
 * @param withCredentials  the browser client sends cookies cross-origin ({@code credentials: "include"})
 */
public record ClientOptions(String name, String serviceId, boolean fullResponse, boolean fullRequest,
        List<String> optionalHeaders, boolean validateResponse, boolean typesOnly, boolean typesComment,
        boolean propsOptional, boolean withCredentials) {
    public ClientOptions {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(serviceId, "serviceId");
        optionalHeaders = optionalHeaders.stream().map(h -> h.strip().toLowerCase(java.util.Locale.ROOT)).toList();
    }

    String javaPackage() {
        return Names.javaPackage(name);
    }

    /** The Java package the client's sources declare. */
    public String javaPackageName() {
        return javaPackage();
    }

    String clientClass() {
        return Names.type(name) + "Client";
    }

    String meshUrl() {
        return MeshHost.url(serviceId);
    }
}
