package dev.rt.cli.client;

/** The client class of a GraphQL API: one method, a query document and its variables in, the data out. */
final class JavaGraphQlClass {
    private JavaGraphQlClass() {
    }

    static String source(ClientOptions options, String exception) {
        return ("""
                package PACKAGE;

                import java.io.IOException;
                import java.net.URI;
                import java.net.http.HttpClient;
                import java.net.http.HttpRequest;
                import java.net.http.HttpResponse;
                import java.time.Duration;
                import java.util.LinkedHashMap;
                import java.util.List;
                import java.util.Map;
                import java.util.Objects;

                /**
                 * A client of the GraphQL API at {@code @MESH@/graphql} by default (the service inside an rt runtime); give
                 * another URL to call it from elsewhere. The types of the schema are records beside it, with {@code fromJson}.
                 */
                public final class NAME {
                    /** The service's address inside an rt runtime. */
                    public static final URI MESH_URL = URI.create("@MESH@");
                    private static final Duration TIMEOUT = Duration.ofSeconds(30);

                    private final String base;
                    private final HttpClient http;
                    private final Map<String, String> headers;

                    /** A client of the service at its mesh URL. */
                    public NAME() {
                        this(MESH_URL);
                    }

                    /** A client of the service at {@code base} (its GraphQL endpoint is {@code base/graphql}). */
                    public NAME(URI base) {
                        this(base, HttpClient.newBuilder().connectTimeout(TIMEOUT).build(), Map.of());
                    }

                    /** A client of the service at {@code base}, through {@code http}, sending {@code headers} with every request. */
                    public NAME(URI base, HttpClient http, Map<String, String> headers) {
                        this.base = base.toString().replaceAll("/+$", "");
                        this.http = Objects.requireNonNull(http, "http");
                        this.headers = Map.copyOf(headers);
                    }

                    /**
                     * Runs a query or mutation and returns its {@code data}; errors in the answer throw {@link EXCEPTION}.
                     *
                     * @param query     the document, for example {@code "query ($id: Int!) { movie(id: $id) { title } }"}
                     * @param variables its variables (may be empty)
                     */
                    public Map<String, Object> graphql(String query, Map<String, Object> variables)
                            throws IOException, InterruptedException {
                        Map<String, Object> body = new LinkedHashMap<>();
                        body.put("query", Objects.requireNonNull(query, "query"));
                        body.put("variables", variables);
                        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/graphql")).timeout(TIMEOUT)
                                .header("content-type", "application/json").header("accept", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
                        headers.forEach(request::header);
                        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                        if (response.statusCode() < 200 || response.statusCode() > 299) {
                            throw new EXCEPTION("POST /graphql answered " + response.statusCode() + ": " + response.body(),
                                    response.statusCode(), response.body());
                        }
                        Map<String, Object> answer = Json.object(Json.parse(response.body()), "GraphQL response");
                        if (answer.get("errors") instanceof List<?> errors && !errors.isEmpty()) {
                            throw new EXCEPTION("the GraphQL query failed: " + Json.write(errors), response.statusCode(),
                                    response.body());
                        }
                        return Json.map(answer.get("data"));
                    }
                }
                """).replace("PACKAGE", options.javaPackage()).replace("NAME", options.clientClass())
                .replace("EXCEPTION", exception).replace("@MESH@", options.meshUrl());
    }
}
