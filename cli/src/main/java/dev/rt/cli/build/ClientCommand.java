package dev.rt.cli.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.client.ClientModel;
import dev.rt.cli.client.ClientOptions;
import dev.rt.cli.client.ClientSource;
import dev.rt.cli.client.ClientSourceException;
import dev.rt.cli.client.JavaClientWriter;
import dev.rt.cli.client.TypeScriptClientWriter;
import dev.rt.cli.output.ExitCodes;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rt client}: a client of a REST (OpenAPI 3) or GraphQL API, from a file, a URL, or a service of the running
 * runtime ({@code -R}): Java sources (records and a class on {@code java.net.http.HttpClient}, calling the service's
 * mesh URL by default), or with {@code --frontend} a browser client in TypeScript or JavaScript.
 */
@Command(name = "client", mixinStandardHelpOptions = true,
        description = {"Generate a client of a REST (OpenAPI 3) or GraphQL API: Java sources (a record per type, one"
                + " method per operation on java.net.http.HttpClient, calling http://<service>.rt.local by default),"
                + " or with --frontend a browser client (one function per endpoint, on fetch) in TypeScript or"
                + " JavaScript. The configuration of the service that calls the API gains a clients entry, unless"
                + " --skip-config-update or --frontend (a browser, not the service, calls it)."})
public final class ClientCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<source>", description = "A URL (the service, its OpenAPI"
            + " document, or its GraphQL endpoint) or a file (an OpenAPI document, or a GraphQL introspection result).")
    String source;

    @Option(names = {"-R", "--runtime"}, paramLabel = "<serviceId>", description = "A service of the running runtime"
            + " (through its management API), instead of <source>.")
    String runtimeService;

    @Option(names = {"-c", "--config"}, paramLabel = "<path>", description = "The service configuration that gains the"
            + " clients entry; default: the one in the current directory.")
    Path config;

    @Option(names = {"-n", "--name"}, paramLabel = "<name>", description = "The client's name: its Java package and"
            + " class (<Name>Client), its browser files; default: the service's id with -R, else api.")
    String name;

    @Option(names = {"-f", "--folder"}, paramLabel = "<folder>", description = "Where the files go; default: the name"
            + " (for Java inside a Maven project: src/main/java/<name>).")
    Path folder;

    @Option(names = {"-t", "--typescript"}, description = "With --frontend, the same as --language ts.")
    boolean typescript;

    @Option(names = "--frontend", description = "A browser client (fetch) instead of the Java client.")
    boolean frontend;

    @Option(names = "--language", paramLabel = "js|ts", description = "The browser client's language (default js).")
    String language;

    @Option(names = "--full-response", description = "Return the status and headers with the body.")
    boolean fullResponse;

    @Option(names = "--full-request", description = "Each method takes one request record (ignored with --frontend).")
    boolean fullRequest;

    @Option(names = "--full", description = "Both --full-request and --full-response.")
    boolean full;

    @Option(names = "--optional-headers", paramLabel = "<headers>", split = ",", description = "Header parameters"
            + " that may be left out, comma separated (ignored with --frontend).")
    List<String> optionalHeaders = List.of();

    @Option(names = "--validate-response", description = "Refuse a response whose status or content type the API does"
            + " not document (ignored with --frontend).")
    boolean validateResponse;

    @Option(names = "--url-auth-headers", paramLabel = "<json>", description = "Headers, as a JSON object, sent to"
            + " fetch the API's description (never written anywhere).")
    String urlAuthHeaders;

    @Option(names = "--types-only", description = "Only the types.")
    boolean typesOnly;

    @Option(names = "--types-comment", description = "The API's descriptions as comments on the types.")
    boolean typesComment;

    @Option(names = "--with-credentials", description = "The browser client sends cookies cross-origin (--frontend only).")
    boolean withCredentials;

    @Option(names = "--props-optional", description = "Every property may be missing, even those the API requires.")
    boolean propsOptional;

    @Option(names = "--skip-config-update", description = "Leave the service's configuration as it is.")
    boolean skipConfigUpdate;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean ts = checkOptions(err);
        String serviceId = runtimeService != null ? runtimeService : name != null ? name : "api";
        String clientName = name != null ? name : frontend && runtimeService == null ? "api" : serviceId;
        ClientModel model;
        try {
            model = runtimeService != null ? RuntimeApiSource.model(runtimeService, err)
                    : isUrl(source) ? ClientSource.url(source, headers()) : ClientSource.file(Path.of(source));
        } catch (ClientSourceException e) {
            throw new RtException(ErrorCode.USAGE, e.getMessage());
        }
        boolean both = full;
        ClientOptions options = new ClientOptions(clientName, serviceId, fullResponse || both,
                !frontend && (fullRequest || both), frontend ? List.of() : optionalHeaders, !frontend && validateResponse,
                typesOnly, typesComment, propsOptional, withCredentials);
        Map<String, String> files;
        try {
            files = frontend ? TypeScriptClientWriter.write(model, options, ts) : JavaClientWriter.write(model, options);
        } catch (ClientSourceException e) {
            throw new RtException(ErrorCode.USAGE, e.getMessage());
        }
        Path target = folder != null ? folder : !frontend && Files.isDirectory(Path.of("src/main/java"))
                ? Path.of("src/main/java").resolve(options.javaPackageName()) : Path.of(clientName);
        GeneratedFolder.replace(target, files);
        out.println("rt: wrote " + String.join(", ", files.keySet()) + " into " + target
                + (frontend ? "" : " (package " + options.javaPackageName() + ")"));
        if (!skipConfigUpdate && !frontend) {
            ClientConfigUpdate.add(config, serviceId, runtimeService == null && isUrl(source) ? baseOf(source) : null, out);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** Refuses what does not go together; returns whether the browser client is TypeScript. */
    private boolean checkOptions(PrintWriter err) {
        if ((source == null) == (runtimeService == null)) {
            throw new RtException(ErrorCode.USAGE, source == null ? "give the API's <source> (a URL or a file), or -R"
                    + " <serviceId> for a service of the running runtime" : "give either <source> or -R, not both");
        }
        if (!frontend) {
            for (String[] option : List.of(new String[] {"--language", language}, new String[] {"--with-credentials",
                    withCredentials ? "" : null}, new String[] {"-t/--typescript", typescript ? "" : null})) {
                if (option[1] != null) {
                    throw new RtException(ErrorCode.USAGE, option[0] + " applies to the browser client: add --frontend"
                            + " (without it rt client writes a Java client)");
                }
            }
            return false;
        }
        if (language != null && !List.of("js", "ts").contains(language)) {
            throw new RtException(ErrorCode.USAGE, "--language: js or ts, found \"" + language + "\"");
        }
        if (typescript && "js".equals(language)) {
            throw new RtException(ErrorCode.USAGE, "-t/--typescript and --language js contradict each other");
        }
        for (String[] ignored : List.of(new String[] {"--full-request", fullRequest ? "" : null},
                new String[] {"--optional-headers", optionalHeaders.isEmpty() ? null : ""},
                new String[] {"--validate-response", validateResponse ? "" : null})) {
            if (ignored[1] != null) {
                err.println("rt: warning: " + ignored[0] + " is ignored with --frontend");
            }
        }
        return typescript || "ts".equals(language);
    }

    private Map<String, String> headers() {
        if (urlAuthHeaders == null) {
            return Map.of();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        try {
            JsonNode json = new ObjectMapper().readTree(urlAuthHeaders);
            if (json == null || !json.isObject()) {
                throw new IOException("not an object");
            }
            json.fields().forEachRemaining(field -> headers.put(field.getKey(), field.getValue().asText()));
        } catch (IOException e) {
            throw new RtException(ErrorCode.USAGE, "--url-auth-headers: must be a JSON object of header names and"
                    + " values, for example '{\"authorization\": \"Bearer ...\"}'");
        }
        return headers;
    }

    private static boolean isUrl(String source) {
        return source != null && (source.startsWith("http://") || source.startsWith("https://"));
    }

    /** The service's address for the configuration: the URL without a documentation or GraphQL path. */
    private static String baseOf(String url) {
        return url.replaceAll("/(documentation/json|documentation/yaml|graphql)/?$", "").replaceAll("/+$", "");
    }
}
