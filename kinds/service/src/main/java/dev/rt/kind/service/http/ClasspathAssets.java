package dev.rt.kind.service.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Static files served from jar resources (Swagger UI's webjar, GraphiQL's bundle), read once into memory: no CDN, no
 * file cache on disk.
 */
public final class ClasspathAssets {
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "application/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "png", "image/png",
            "json", "application/json; charset=utf-8", "svg", "image/svg+xml", "map", "application/json");

    private final String root;
    private final Map<String, Optional<Buffer>> cache = new ConcurrentHashMap<>();

    /** @param root the resource folder, such as {@code META-INF/resources/webjars/swagger-ui/5.34.1/} */
    public ClasspathAssets(String root) {
        this.root = root;
    }

    /** The resource at {@code relative} under the root, if there is one. */
    public Optional<Buffer> read(String relative) {
        if (relative.contains("..") || relative.contains("\\")) {
            return Optional.empty();
        }
        return cache.computeIfAbsent(relative, name -> {
            try (InputStream in = ClasspathAssets.class.getClassLoader().getResourceAsStream(root + name)) {
                return in == null ? Optional.empty() : Optional.of(Buffer.buffer(in.readAllBytes()));
            } catch (IOException e) {
                return Optional.empty();
            }
        });
    }

    /** Answers with the resource, or lets the request go on to 404. */
    public void serve(RoutingContext context, String relative) {
        Optional<Buffer> content = read(relative);
        if (content.isEmpty()) {
            context.next();
            return;
        }
        String extension = relative.substring(relative.lastIndexOf('.') + 1);
        context.response().putHeader("content-type", TYPES.getOrDefault(extension, "application/octet-stream"))
                .putHeader("cache-control", "public, max-age=3600").end(content.get());
    }

    /** A redirect from a UI's path to the same path with a trailing slash, relative so that any base path holds. */
    public static void redirectToSlash(RoutingContext context) {
        String path = context.request().path();
        String last = path.substring(path.lastIndexOf('/') + 1);
        context.response().setStatusCode(302).putHeader("location", last + "/").end();
    }
}
