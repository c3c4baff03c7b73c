package dev.rt.cli.client;

import dev.rt.cli.client.ClientModel.Operation;
import dev.rt.cli.client.ClientModel.Param;
import dev.rt.cli.client.ClientModel.TypeDef;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Java client as source files of one package: a record per object type, an enum per enumeration of strings, a
 * sealed interface per union of object types, and (unless types only) a client class
 * with one method per operation on {@code java.net.http.HttpClient}, its JSON helper, its exception and, for full
 * responses, the response record. JDK only: nothing to add to a project's dependencies.
 */
public final class JavaClientWriter {
    private JavaClientWriter() {
    }

    /** The files, by name ({@code MoviesClient.java}), in the package {@link ClientOptions#javaPackage()}. */
    public static Map<String, String> write(ClientModel model, ClientOptions options) {
        String pkg = options.javaPackage();
        Map<String, String> files = new LinkedHashMap<>();
        files.put("Json.java", resource("Json.java.txt").replace("{{package}}", pkg)
                .replace("{{client}}", options.clientClass()));
        for (TypeDef def : model.types().values().stream().sorted(Comparator.comparing(TypeDef::name)).toList()) {
            switch (def.shape()) {
                case OBJECT, ALL_OF -> files.put(def.name() + ".java", JavaTypes.record(pkg, def, options,
                        JavaChoiceTypes.unionsOf(model, def.name())));
                case ENUM -> files.put(def.name() + ".java", JavaChoiceTypes.enumeration(pkg, def, options));
                case UNION -> files.put(def.name() + ".java", JavaChoiceTypes.union(pkg, def, options));
                case ALIAS -> {
                    // TypeScript's alias of other values: in Java the value's own type (Object, Long, ...)
                }
            }
        }
        if (options.typesOnly()) {
            return files;
        }
        String exception = options.clientClass() + "Exception";
        files.put(exception + ".java", "package " + pkg + ";\n\nimport java.io.IOException;\n\n"
                + "/** An answer of " + Names.comment(model.title()) + " that is not a success, or not what the API documents. */\n"
                + "public final class " + exception + " extends IOException {\n"
                + "    private static final long serialVersionUID = 1L;\n\n"
                + "    private final int statusCode;\n    private final String body;\n\n"
                + "    " + exception + "(String message, int statusCode, String body) {\n"
                + "        super(message);\n        this.statusCode = statusCode;\n        this.body = body;\n    }\n\n"
                + "    /** The response's status. */\n    public int statusCode() {\n        return statusCode;\n    }\n\n"
                + "    /** The response's body, as text. */\n    public String body() {\n        return body;\n    }\n}\n");
        if (options.fullResponse()) {
            files.put(options.clientClass() + "Response.java", "package " + pkg + ";\n\nimport java.util.List;\n"
                    + "import java.util.Map;\n\n/** A whole response: its status, its headers (names in lower case) and its body. */\n"
                    + "public record " + options.clientClass() + "Response<T>(int statusCode, Map<String, List<String>> headers,"
                    + " T body) {\n}\n");
        }
        if (options.fullRequest()) {
            for (Operation operation : model.operations()) {
                String name = Names.type(operation.name()) + "Request";
                files.put(name + ".java", requestRecord(pkg, name, operation));
            }
        }
        files.put(options.clientClass() + ".java", model.graphQl() ? JavaGraphQlClass.source(options, exception)
                : JavaClientClass.source(model, options, exception));
        return files;
    }

    private static String requestRecord(String pkg, String name, Operation operation) {
        StringBuilder out = new StringBuilder("package " + pkg + ";\n\nimport java.util.List;\nimport java.util.Map;\n\n");
        out.append("/** The parameters").append(operation.body().isPresent() ? " and body" : "").append(" of ")
                .append(operation.method()).append(' ').append(Names.comment(operation.path())).append(". */\n");
        out.append("public record ").append(name).append("(");
        List<String> components = new ArrayList<>();
        for (Param param : operation.params()) {
            components.add(JavaTypes.type(param.type()) + " " + Names.member(param.jsonName()));
        }
        operation.body().ifPresent(body -> components.add(JavaTypes.type(body) + " body"));
        out.append(String.join(", ", components)).append(") {\n}\n");
        String text = out.toString();
        if (!text.contains("List<")) {
            text = text.replace("import java.util.List;\n", "");
        }
        return text.contains("Map<") ? text : text.replace("import java.util.Map;\n", "");
    }

    private static String resource(String name) {
        try (InputStream in = JavaClientWriter.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from rt's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
