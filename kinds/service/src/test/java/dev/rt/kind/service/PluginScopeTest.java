package dev.rt.kind.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.service.fixtures.Plain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Encapsulation, folder scanning and prefixes: plugin class directories are made here (a META-INF/services file
 * naming fixture classes, which load from the test class path).
 */
class PluginScopeTest {
    @TempDir
    Path dir;

    private Path classDirectory(Path where, String... classes) throws IOException {
        Path services = Files.createDirectories(where.resolve("META-INF/services"));
        Files.writeString(services.resolve("dev.rt.service.ServicePlugin"), String.join("\n", classes) + "\n");
        return where;
    }

    @Test
    void anEncapsulatedPluginsHookAndErrorHandlerStayWithItsRoutes() throws Exception {
        classDirectory(dir.resolve("scoped"), "dev.rt.kind.service.fixtures.Scoped");
        classDirectory(dir.resolve("plain"), "dev.rt.kind.service.fixtures.Plain");
        try (RunningService service = RunningService.start(dir,
                "{\"plugins\": {\"paths\": [\"scoped\", \"plain\"]}}")) {
            var scoped = service.get("/scoped");
            assertThat(scoped.headers().firstValue("x-scoped-hook")).contains("ran");
            assertThat(service.get("/plain").headers().firstValue("x-scoped-hook")).isEmpty();
            assertThat(service.get("/scoped/fail").body()).isEqualTo("scoped handler: conflict in scope");
            assertThat(service.get("/plain/fail").body()).isEqualTo(
                    "{\"statusCode\":409,\"error\":\"Conflict\",\"message\":\"conflict outside\"}");
        }
    }

    @Test
    void aPluginRegisteredWithoutEncapsulationHooksEveryRoute() throws Exception {
        classDirectory(dir.resolve("global"), "dev.rt.kind.service.fixtures.Global");
        classDirectory(dir.resolve("plain"), "dev.rt.kind.service.fixtures.Plain");
        try (RunningService service = RunningService.start(dir,
                "{\"plugins\": {\"paths\": [{\"path\": \"global\", \"encapsulate\": false}, \"plain\"]}}")) {
            assertThat(service.get("/plain").headers().firstValue("x-global-hook")).contains("ran");
        }
    }

    @Test
    void aScannedFolderGivesEachPluginDirectoryItsPathAsPrefix() throws Exception {
        Path routes = Files.createDirectories(dir.resolve("routes"));
        classDirectory(routes.resolve("movies"), "dev.rt.kind.service.fixtures.Plain");
        classDirectory(routes.resolve("users").resolve("_id"), "dev.rt.kind.service.fixtures.Plain");
        classDirectory(routes.resolve("ignored-here"), "dev.rt.kind.service.fixtures.Plain");
        try (RunningService service = RunningService.start(dir, "{\"plugins\": {\"paths\": [{\"path\": \"routes\","
                + " \"routeParams\": true, \"ignorePattern\": \"^ignored\"}]}}")) {
            assertThat(service.get("/movies/plain").body()).isEqualTo("plain /movies");
            assertThat(service.get("/users/42/plain").body()).isEqualTo("plain /users/:id");
            assertThat(service.get("/ignored-here/plain").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void maxDepthMatchFilterAndIgnoreFilterChooseWhatAScannedFolderLoads() throws Exception {
        Path routes = Files.createDirectories(dir.resolve("routes"));
        classDirectory(routes.resolve("movies"), "dev.rt.kind.service.fixtures.Plain");
        classDirectory(routes.resolve("users"), "dev.rt.kind.service.fixtures.Plain");
        classDirectory(routes.resolve("deep/a/b"), "dev.rt.kind.service.fixtures.Plain");
        try (RunningService all = RunningService.start(dir, "{\"plugins\": {\"paths\": [\"routes\"]}}")) {
            assertThat(all.get("/deep/a/b/plain").body()).isEqualTo("plain /deep/a/b");
        }
        try (RunningService service = RunningService.start(dir, "{\"plugins\": {\"paths\": [{\"path\": \"routes\","
                + " \"maxDepth\": 1, \"matchFilter\": \"^/(movies|users|deep)\", \"ignoreFilter\": \"^/users\"}]}}")) {
            assertThat(service.get("/movies/plain").body()).isEqualTo("plain /movies");
            assertThat(service.get("/users/plain").statusCode()).isEqualTo(404);
            assertThat(service.get("/deep/a/b/plain").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aJarMatchingIndexPatternIsTheOnlyPluginOfItsFolder() throws Exception {
        Path shop = Files.createDirectories(dir.resolve("routes/shop"));
        try (var jar = new JarOutputStream(Files.newOutputStream(shop.resolve("main.jar")))) {
            jar.putNextEntry(new JarEntry("META-INF/services/dev.rt.service.ServicePlugin"));
            jar.write("dev.rt.kind.service.fixtures.Plain\n".getBytes(StandardCharsets.UTF_8));
        }
        classDirectory(shop.resolve("nested"), "dev.rt.kind.service.fixtures.Plain");
        try (RunningService service = RunningService.start(dir, "{\"plugins\": {\"paths\": [{\"path\": \"routes\","
                + " \"indexPattern\": \"^main\\\\.jar$\"}]}}")) {
            assertThat(service.get("/shop/plain").body()).isEqualTo("plain /shop");
            assertThat(service.get("/shop/nested/plain").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void stoppingLetsARequestInFlightFinishWithinTheDeadline() throws Exception {
        classDirectory(dir.resolve("plain"), "dev.rt.kind.service.fixtures.Plain");
        RunningService service = RunningService.start(dir, "{\"plugins\": {\"paths\": [\"plain\"]}}");
        var inFlight = CompletableFuture.supplyAsync(() -> {
            try {
                return service.get("/slow").body();
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(Plain.SLOW_STARTED.await(10, TimeUnit.SECONDS)).isTrue();
        long started = System.nanoTime();
        service.application().stop(Duration.ofSeconds(3));
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(3000);
        assertThat(inFlight.get()).isEqualTo("slow done");
    }
}
