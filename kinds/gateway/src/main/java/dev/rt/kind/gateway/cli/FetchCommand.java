package dev.rt.kind.gateway.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.KindException;
import dev.rt.kind.gateway.openapi.DocumentFetcher;
import dev.rt.kind.gateway.settings.ApplicationSettings;
import dev.rt.kind.gateway.settings.GatewaySettings;
import dev.rt.kind.gateway.settings.OpenApiSource;
import dev.rt.kind.mesh.MeshHost;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ProxySelector;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rt gateway|composer openapi schemas fetch}: fetches the document of every application that has both an
 * {@code openapi.url} and an {@code openapi.file}, from its origin, and writes it (indented JSON) to the file; the
 * others are skipped. Exit status 0 when every fetch succeeded, 1 when one failed, 3 for a configuration that cannot
 * be used.
 */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = "Fetch the applications' OpenAPI documents and store them at their openapi.file paths.")
final class FetchCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = {"-c", "--config"}, paramLabel = "<path>",
            description = "The gateway's configuration file (or its directory); default: the one in the current directory.")
    Path config;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        GatewayConfigFile gateway;
        GatewaySettings settings;
        try { // rt's own configuration errors go through to the CLI, which says them with their exit status
            gateway = GatewayConfigFile.load(Optional.ofNullable(config), Path.of("").toAbsolutePath());
            settings = GatewaySettings.read(gateway.configuration(), gateway.section());
        } catch (KindException e) {
            err.println("rt: " + e.getMessage());
            err.flush();
            return 3;
        }
        DocumentFetcher fetcher = new DocumentFetcher(ProxySelector.of(null));
        out.println("Fetching schemas for all applications.");
        int failed = 0;
        for (ApplicationSettings application : settings.applications()) {
            Optional<OpenApiSource> openapi = application.openapi().filter(o -> o.fetched() && o.file().isPresent());
            if (openapi.isEmpty()) {
                continue;
            }
            try {
                fetch(fetcher, application, openapi.get(), gateway.root());
                out.println("Successfully fetched OpenAPI schema for application with id " + application.id());
            } catch (IOException | RuntimeException e) {
                Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                err.println("Failed to fetch OpenAPI schema for application with id " + application.id() + ": "
                        + cause.getMessage());
                failed++;
            }
        }
        out.flush();
        err.flush();
        return failed == 0 ? 0 : 1;
    }

    private static void fetch(DocumentFetcher fetcher, ApplicationSettings application, OpenApiSource openapi,
            Path root) throws IOException {
        String origin = application.origin().orElseGet(() -> MeshHost.url(application.id()));
        URI location = DocumentFetcher.location(origin, openapi.url().orElseThrow());
        if (location.getHost().endsWith(MeshHost.SUFFIX)) {
            throw new IOException(location + " is reached only inside a running runtime; give the application an"
                    + " http:// origin this machine can reach");
        }
        JsonNode document = fetcher.fetch(location).join();
        Path file = openapi.file(root).orElseThrow();
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(document) + "\n");
    }
}
