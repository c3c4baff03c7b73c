package dev.rt.kind.service.openapi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.kind.service.http.ClasspathAssets;
import dev.rt.kind.service.route.RouteRecord;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The OpenAPI routes: {@code {swaggerPrefix}/json} and {@code /yaml} (the document, built from the routes on first
 * request), and unless {@code ui} is false, Swagger UI at {@code {swaggerPrefix}/} (from the webjar;
 * {@code {swaggerPrefix}} redirects there) reading the document at {@code ./json}.
 */
public final class OpenApiRoutes {
    private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/5.34.1/";
    private static final String INITIALIZER = """
            window.onload = function () {
              window.ui = SwaggerUIBundle({
                url: window.location.pathname.replace(/\\/$/, '') + '/json',
                dom_id: '#swagger-ui',
                deepLinking: true,
                presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
                plugins: [SwaggerUIBundle.plugins.DownloadUrl],
                layout: 'StandaloneLayout'
              });
            };
            """;

    private final OpenApiSettings settings;
    private final Supplier<OpenApiDocument> document;
    private final ClasspathAssets assets = new ClasspathAssets(WEBJAR);

    public OpenApiRoutes(OpenApiSettings settings, String serviceId, List<RouteRecord> routes, Optional<String> base,
            Consumer<ObjectNode> security) {
        this.settings = settings;
        OpenApiDocument[] built = new OpenApiDocument[1];
        this.document = () -> {
            synchronized (built) {
                if (built[0] == null) {
                    built[0] = OpenApiDocument.build(settings, serviceId, routes, base, security);
                }
                return built[0];
            }
        };
    }

    public String json() {
        return document.get().json();
    }

    public void mount(Router router) {
        String prefix = settings.swaggerPrefix();
        router.get(prefix + "/json").handler(context -> context.response()
                .putHeader("content-type", "application/json; charset=utf-8").end(document.get().json()));
        router.get(prefix + "/yaml").handler(context -> context.response()
                .putHeader("content-type", "application/x-yaml").end(document.get().yaml()));
        if (!settings.ui()) {
            return;
        }
        router.get(prefix).handler(context -> {
            if (context.request().path().endsWith("/")) {
                assets.serve(context, "index.html");
            } else {
                ClasspathAssets.redirectToSlash(context);
            }
        });
        router.get(prefix + "/swagger-initializer.js").handler(context -> context.response()
                .putHeader("content-type", "application/javascript; charset=utf-8").end(INITIALIZER));
        router.get(prefix + "/*").handler(context -> assets.serve(context, context.pathParam("*")));
    }
}
