package dev.rt.kind.gateway.openapi;

import dev.rt.kind.routing.Answer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Swagger UI from the {@code org.webjars:swagger-ui} jar (no CDN): the files its page loads, read once, and an
 * initializer that reads the document at {@code ./json} beside the page. The page is at {@code {prefix}/}; the prefix
 * without its slash redirects there (relatively, so that a runtime's base path holds).
 */
final class SwaggerUi {
    private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
    private static final List<String> FILES = List.of("index.html", "index.css", "swagger-ui.css", "swagger-ui-bundle.js",
            "swagger-ui-standalone-preset.js", "favicon-32x32.png", "favicon-16x16.png", "oauth2-redirect.html",
            "oauth2-redirect.js");
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "application/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "png", "image/png");
    private static final String INITIALIZER = """
            window.onload = function () {
              window.ui = SwaggerUIBundle({
                url: window.location.pathname.replace(/\\/(index\\.html)?$/, '') + '/json',
                dom_id: '#swagger-ui',
                deepLinking: true,
                presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
                plugins: [SwaggerUIBundle.plugins.DownloadUrl],
                layout: 'StandaloneLayout'
              });
            };
            """;
    private static volatile Map<String, Answer> files;

    private SwaggerUi() {
    }

    /** The UI's answers under {@code prefix} ({@code /documentation}). */
    static Map<String, Answer> answers(String prefix) {
        Map<String, Answer> answers = new LinkedHashMap<>();
        String last = prefix.substring(prefix.lastIndexOf('/') + 1);
        answers.put(prefix, new Answer(302, Map.of("location", last + "/"), new byte[0]));
        files().forEach((name, answer) -> answers.put(prefix + "/" + name, answer));
        answers.put(prefix + "/", files().get("index.html"));
        answers.put(prefix + "/swagger-initializer.js", Answer.ok(TYPES.get("js"),
                INITIALIZER.getBytes(StandardCharsets.UTF_8)));
        return answers;
    }

    private static Map<String, Answer> files() {
        Map<String, Answer> read = files;
        if (read == null) {
            synchronized (SwaggerUi.class) {
                read = files;
                if (read == null) {
                    read = new LinkedHashMap<>();
                    String root = WEBJAR + version() + "/";
                    for (String name : FILES) {
                        String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
                        read.put(name, new Answer(200, Map.of("content-type", type, "cache-control",
                                "public, max-age=3600"), resource(root + name)));
                    }
                    files = read = Map.copyOf(read);
                }
            }
        }
        return read;
    }

    private static String version() {
        Properties properties = new Properties();
        try (InputStream in = resourceStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the swagger-ui webjar's version", e);
        }
        return properties.getProperty("version");
    }

    private static byte[] resource(String name) {
        try (InputStream in = resourceStream(name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " from the swagger-ui webjar", e);
        }
    }

    private static InputStream resourceStream(String name) throws IOException {
        InputStream in = SwaggerUi.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is missing: the swagger-ui webjar is not beside the gateway kind");
        }
        return in;
    }
}
