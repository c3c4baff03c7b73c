package dev.rt.cli.client;

import dev.rt.cli.client.ClientModel.Operation;
import dev.rt.cli.client.ClientModel.Param;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The client class of a REST API: one method per operation. */
final class JavaClientClass {
    private static final Pattern PATH_PARAM = Pattern.compile("\\{([^}]+)}");

    private JavaClientClass() {
    }

    static String source(ClientModel model, ClientOptions options, String exception) {
        String name = options.clientClass();
        StringBuilder out = new StringBuilder("package " + options.javaPackage() + ";\n\n");
        out.append("""
                import java.io.IOException;
                import java.net.URI;
                import java.net.URLEncoder;
                import java.net.http.HttpClient;
                import java.net.http.HttpRequest;
                import java.net.http.HttpResponse;
                import java.nio.charset.StandardCharsets;
                import java.time.Duration;
                import java.util.List;
                import java.util.Map;
                import java.util.Objects;

                """);
        out.append("/**\n * A client of ").append(Names.comment(model.title())).append(", one method per operation. By default it calls\n")
                .append(" * {@code ").append(options.meshUrl()).append("}: the service inside an rt runtime, where rt routes {@code *.rt.local}\n")
                .append(" * names; give another URL to call it from elsewhere. A status other than 2xx throws {@link ").append(exception).append("}.\n */\n");
        out.append("public final class ").append(name).append(" {\n");
        out.append("    /** The service's address inside an rt runtime. */\n");
        out.append("    public static final URI MESH_URL = URI.create(\"").append(options.meshUrl()).append("\");\n");
        out.append("    private static final Duration TIMEOUT = Duration.ofSeconds(30);\n\n");
        out.append("    private final String base;\n    private final HttpClient http;\n    private final Map<String, String> headers;\n\n");
        out.append("    /** A client of the service at its mesh URL. */\n    public ").append(name).append("() {\n        this(MESH_URL);\n    }\n\n");
        out.append("    /** A client of the service at {@code base}. */\n    public ").append(name).append("(URI base) {\n")
                .append("        this(base, HttpClient.newBuilder().connectTimeout(TIMEOUT).build(), Map.of());\n    }\n\n");
        out.append("    /**\n     * A client of the service at {@code base}, through {@code http}, sending {@code headers} with every request\n")
                .append("     * (for example an authorization).\n     */\n");
        out.append("    public ").append(name).append("(URI base, HttpClient http, Map<String, String> headers) {\n")
                .append("        this.base = base.toString().replaceAll(\"/+$\", \"\");\n")
                .append("        this.http = Objects.requireNonNull(http, \"http\");\n")
                .append("        this.headers = Map.copyOf(headers);\n    }\n");
        for (Operation operation : model.operations()) {
            out.append('\n');
            method(out, operation, options);
        }
        helpers(out, options, exception);
        return out.append("}\n").toString();
    }

    private static void method(StringBuilder out, Operation operation, ClientOptions options) {
        Map<Param, String> names = new LinkedHashMap<>();
        Set<String> used = new HashSet<>(List.of("request", "builder", "response", "target", "separator", "json", "value"));
        for (Param param : operation.params()) {
            String member = Names.member(param.jsonName());
            String unique = member;
            for (int i = 2; !used.add(unique); i++) {
                unique = member + i;
            }
            names.put(param, unique);
        }
        String bodyName = used.contains("body") ? "body_" : "body";
        String result = operation.noContent() ? "Void"
                : operation.response().map(JavaTypes::type).orElse("Object");
        String returned = options.fullResponse() ? options.clientClass() + "Response<" + result + ">"
                : operation.noContent() ? "void" : result;
        String summary = operation.summary().map(s -> Names.comment(s).replaceFirst("\\.$", "") + ": ").orElse("");
        out.append("    /** ").append(summary).append("{@code ").append(operation.method()).append(' ')
                .append(Names.comment(operation.path()).replace("{", "&#123;").replace("}", "&#125;")).append("}. */\n");
        out.append("    public ").append(returned).append(' ').append(operation.name()).append('(');
        List<String> arguments = new ArrayList<>();
        String requestType = Names.type(operation.name()) + "Request";
        if (options.fullRequest()) {
            arguments.add(requestType + " request");
        } else {
            names.forEach((param, member) -> arguments.add(JavaTypes.type(param.type()) + " " + member));
            operation.body().ifPresent(body -> arguments.add(JavaTypes.type(body) + " " + bodyName));
        }
        out.append(String.join(", ", arguments)).append(") throws IOException, InterruptedException {\n");
        if (options.fullRequest()) {
            out.append("        Objects.requireNonNull(request, \"request\");\n");
        }
        Map<Param, String> values = new LinkedHashMap<>();
        names.forEach((param, member) -> values.put(param, options.fullRequest() ? "request." + member + "()" : member));
        String bodyValue = options.fullRequest() ? "request.body()" : bodyName;
        for (Map.Entry<Param, String> entry : values.entrySet()) {
            Param param = entry.getKey();
            boolean optionalHeader = param.in().equals("header")
                    && options.optionalHeaders().contains(param.jsonName().toLowerCase(java.util.Locale.ROOT));
            if (param.required() && !optionalHeader) {
                out.append("        Objects.requireNonNull(").append(entry.getValue()).append(", \"")
                        .append(Names.javaString(param.jsonName())).append("\");\n");
            }
        }
        if (operation.body().isPresent() && operation.bodyRequired()) {
            out.append("        Objects.requireNonNull(").append(bodyValue).append(", \"body\");\n");
        }
        out.append("        StringBuilder target = new StringBuilder();\n");
        Matcher matcher = PATH_PARAM.matcher(operation.path());
        int last = 0;
        while (matcher.find()) {
            out.append("        target.append(\"").append(Names.javaString(operation.path().substring(last, matcher.start())))
                    .append("\");\n");
            Param param = values.keySet().stream().filter(p -> p.in().equals("path") && p.jsonName().equals(matcher.group(1)))
                    .findFirst().orElse(null);
            out.append("        target.append(path(").append(param == null ? "\"\"" : values.get(param)).append("));\n");
            last = matcher.end();
        }
        out.append("        target.append(\"").append(Names.javaString(operation.path().substring(last))).append("\");\n");
        if (values.keySet().stream().anyMatch(p -> p.in().equals("query"))) {
            out.append("        String separator = \"?\";\n");
            values.forEach((param, value) -> {
                if (param.in().equals("query")) {
                    out.append("        separator = query(target, separator, \"").append(Names.javaString(param.jsonName()))
                            .append("\", ").append(value).append(");\n");
                }
            });
        }
        out.append("        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + target)).timeout(TIMEOUT);\n");
        values.forEach((param, value) -> {
            if (param.in().equals("header")) {
                out.append("        header(builder, \"").append(Names.javaString(param.jsonName())).append("\", ").append(value)
                        .append(");\n");
            }
        });
        String documented = "List.of(" + String.join(", ", operation.statuses().stream().map(s -> "\"" + s + "\"").toList()) + ")";
        out.append("        HttpResponse<String> response = send(builder, \"").append(operation.method()).append("\", ")
                .append(operation.body().isPresent() ? bodyValue : "null").append(", \"").append(operation.method()).append(' ')
                .append(Names.javaString(operation.path())).append("\", ").append(documented).append(", ")
                .append(operation.response().isPresent()).append(");\n");
        String value;
        if (operation.noContent()) {
            value = "null";
        } else if (operation.response().isPresent()) {
            out.append("        Object json = Json.parse(response.body());\n");
            value = JavaTypes.read(operation.response().get(), "json", 0);
        } else {
            value = "body(response)";
        }
        if (options.fullResponse()) {
            out.append("        return new ").append(options.clientClass()).append("Response<>(response.statusCode(),")
                    .append(" response.headers().map(), ").append(value).append(");\n");
        } else if (!operation.noContent()) {
            out.append("        return ").append(value).append(";\n");
        }
        out.append("    }\n");
    }

    private static void helpers(StringBuilder out, ClientOptions options, String exception) {
        out.append("""

                    private static String path(Object value) {
                        return URLEncoder.encode(Json.text(value), StandardCharsets.UTF_8).replace("+", "%20");
                    }

                    private static String query(StringBuilder target, String separator, String name, Object value) {
                        if (value == null) {
                            return separator;
                        }
                        String next = separator;
                        for (Object item : value instanceof List<?> list ? list : List.of(value)) {
                            target.append(next).append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                                    .append(URLEncoder.encode(Json.text(item), StandardCharsets.UTF_8));
                            next = "&";
                        }
                        return next;
                    }

                    private static void header(HttpRequest.Builder request, String name, Object value) {
                        if (value != null) {
                            request.header(name, Json.text(value));
                        }
                    }

                    /** A body the API does not describe: parsed when it is JSON, else its text; null when empty. */
                    private static Object body(HttpResponse<String> response) {
                        if (response.body().isEmpty()) {
                            return null;
                        }
                        return response.headers().firstValue("content-type").orElse("").contains("json")
                                ? Json.parse(response.body()) : response.body();
                    }

                    private HttpResponse<String> send(HttpRequest.Builder request, String method, Object body, String operation,
                            List<String> documented, boolean json) throws IOException, InterruptedException {
                        headers.forEach(request::header);
                        request.header("accept", "application/json");
                        if (body != null) {
                            request.header("content-type", "application/json")
                                    .method(method, HttpRequest.BodyPublishers.ofString(Json.write(body)));
                        } else {
                            request.method(method, HttpRequest.BodyPublishers.noBody());
                        }
                        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                        int status = response.statusCode();
                        if (status < 200 || status > 299) {
                            throw new EXCEPTION(operation + " answered " + status + ": " + response.body(), status,
                                    response.body());
                        }
                """.replace("EXCEPTION", exception));
        if (options.validateResponse()) {
            out.append("""
                            if (!documented.contains(Integer.toString(status)) && !documented.contains(status / 100 + "XX")
                                    && !documented.contains("default")) {
                                throw new EXCEPTION(operation + " answered " + status + ", which the API does not document "
                                        + documented, status, response.body());
                            }
                            if (json && !response.headers().firstValue("content-type").orElse("").contains("json")) {
                                throw new EXCEPTION(operation + " answered " + response.headers().firstValue("content-type")
                                        .orElse("no content type") + " where the API documents JSON", status, response.body());
                            }
                    """.replace("EXCEPTION", exception));
        }
        out.append("        return response;\n    }\n");
    }
}
