package dev.rt.testing;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import dev.rt.config.ServiceConfig;
import dev.rt.kind.Kind;
import dev.rt.kind.RunningApplication;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * One application started in this JVM, as a worker of {@code rt start} would run it: its configuration file (found
 * in its directory like {@code rt start} finds it, its {@code .env} loaded, checked against its kind's schema, with
 * its defaults) handed to its kind, which must be on the class path (for a service, a test-scoped dependency on
 * {@code dev.rt:rt-kind-service}). It listens on 127.0.0.1 and an ephemeral port; closing stops it.
 *
 * <pre>{@code
 * try (InProcessService service = InProcessService.start(Path.of(""))) {
 *     assertEquals(200, service.get("/hello").statusCode());
 * }
 * }</pre>
 */
public final class InProcessService implements AutoCloseable {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5)).build();

    private final String id;
    private final RunningApplication application;

    private InProcessService(String id, RunningApplication application) {
        this.id = id;
        this.application = application;
    }

    /**
     * Starts the application whose configuration file is in {@code directory} ({@code rt.json}, {@code rt.yml}, ...)
     * or is {@code directory} itself.
     *
     * @throws dev.rt.config.error.RtException when the configuration is missing or invalid, naming the file and pointer
     * @throws dev.rt.kind.KindException when the application cannot start
     * @throws IllegalStateException when the application's kind is not on the class path
     */
    public static InProcessService start(Path directory) {
        return start(directory, Map.of());
    }

    /**
     * Like {@link #start(Path)}, with variables that win over the real environment and the {@code .env} files, for
     * the configuration's placeholders and the application (for example a database of the test's own).
     */
    public static InProcessService start(Path directory, Map<String, String> variables) {
        ClassPathKinds.install();
        Path given = directory.toAbsolutePath().normalize();
        Path cwd = given.toFile().isDirectory() ? given : given.getParent();
        Map<String, String> real = new HashMap<>(System.getenv());
        real.putAll(variables);
        RuntimeConfig runtime = new RuntimeConfigLoader(real, cwd).load(Optional.of(given));
        ServiceConfig service = runtime.services().get(0);
        Kind kind = ServiceLoader.load(Kind.class).stream().map(ServiceLoader.Provider::get)
                .filter(k -> k.name().equals(service.application().kind())).findFirst()
                .orElseThrow(() -> new IllegalStateException("the \"" + service.application().kind() + "\" kind is not"
                        + " on the class path: add a test-scoped dependency on dev.rt:rt-kind-"
                        + service.application().kind()));
        Map<String, String> environment = new HashMap<>(service.env());
        environment.putAll(real);
        environment.putIfAbsent("RT_LOG_LEVEL", "warn");
        TestWorkerContext context = new TestWorkerContext(service.id(), service.directory(),
                service.application().configuration(), service.arguments(), environment);
        return new InProcessService(service.id(), kind.start(context));
    }

    /** The application's id (its directory's name when it runs alone). */
    public String id() {
        return id;
    }

    public int port() {
        return application.port();
    }

    /** {@code http://127.0.0.1:<port><path>}. */
    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    /** Sends a request (built on {@link #uri}) and reads the response as text, waiting 30 seconds at most. */
    public HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The OpenAPI document the application serves, when it has one. */
    public Optional<String> openApiDocument() {
        return application.openApiDocument();
    }

    /** Stops the application, letting requests in flight finish within five seconds. */
    @Override
    public void close() {
        application.stop(Duration.ofSeconds(5));
    }
}
