package dev.rt.cli.client;

import dev.rt.cli.client.ClientModel.Field;
import dev.rt.cli.client.ClientModel.TypeDef;
import dev.rt.cli.client.ClientModel.TypeRef;
import java.util.List;

/** How the Java client spells the API's types, reads them from parsed JSON, and writes a record per object type. */
final class JavaTypes {
    private JavaTypes() {
    }

    static String type(TypeRef type) {
        return switch (type.kind()) {
            case STRING -> "String";
            case INTEGER -> "Long";
            case NUMBER -> "Double";
            case BOOLEAN -> "Boolean";
            case ARRAY -> "List<" + type(type.items().orElseThrow()) + ">";
            case OBJECT, ENUM, UNION -> type.name().orElseThrow();
            case MAP -> "Map<String, Object>";
            case ANY -> "Object";
        };
    }

    /** An expression converting the parsed JSON {@code value} to {@code type}. */
    static String read(TypeRef type, String value, int depth) {
        return switch (type.kind()) {
            case STRING -> "Json.string(" + value + ")";
            case INTEGER -> "Json.integer(" + value + ")";
            case NUMBER -> "Json.number(" + value + ")";
            case BOOLEAN -> "Json.bool(" + value + ")";
            case MAP -> "Json.map(" + value + ")";
            case ANY -> value;
            case OBJECT, ENUM, UNION -> "(" + value + " == null ? null : " + type.name().orElseThrow() + ".fromJson("
                    + value + "))";
            case ARRAY -> "Json.list(" + value + ", item" + depth + " -> "
                    + read(type.items().orElseThrow(), "item" + depth, depth + 1) + ")";
        };
    }

    /** The record of an object type, a member of the sealed {@code unions} it belongs to. */
    static String record(String javaPackage, TypeDef def, ClientOptions options, List<String> unions) {
        StringBuilder out = new StringBuilder("package " + javaPackage + ";\n\n");
        out.append("import java.util.LinkedHashMap;\nimport java.util.List;\nimport java.util.Map;\n\n");
        String description = options.typesComment() ? def.description().map(Names::comment).orElse("") : "";
        out.append("/** ").append(description.isEmpty() ? "The API's " + def.name() + " object." : description)
                .append(" */\n");
        out.append("public record ").append(def.name()).append("(");
        for (int i = 0; i < def.fields().size(); i++) {
            Field field = def.fields().get(i);
            out.append(i == 0 ? "" : ", ").append(type(field.type())).append(' ').append(Names.member(field.jsonName()));
        }
        out.append(") implements ").append(String.join(", ", unions.isEmpty() ? List.of("Json.Value") : unions))
                .append(" {\n");
        if (options.typesComment() && def.fields().stream().anyMatch(f -> f.description().isPresent())) {
            out.append("    // properties:");
            def.fields().stream().filter(f -> f.description().isPresent()).forEach(f -> out.append("\n    //   ")
                    .append(f.jsonName()).append(": ").append(Names.comment(f.description().get())));
            out.append("\n\n");
        }
        out.append("    /** Reads a ").append(def.name()).append(" from parsed JSON (see {@code Json.parse}). */\n");
        out.append("    public static ").append(def.name()).append(" fromJson(Object json) {\n");
        out.append("        Map<String, Object> object = Json.object(json, \"").append(def.name()).append("\");\n");
        if (!options.propsOptional()) {
            def.fields().stream().filter(Field::required).forEach(f -> out.append("        Json.require(object, \"")
                    .append(Names.javaString(f.jsonName())).append("\", \"").append(def.name()).append("\");\n"));
        }
        out.append("        return new ").append(def.name()).append("(");
        for (int i = 0; i < def.fields().size(); i++) {
            Field field = def.fields().get(i);
            out.append(i == 0 ? "" : ",\n                ")
                    .append(read(field.type(), "object.get(\"" + Names.javaString(field.jsonName()) + "\")", 0));
        }
        out.append(");\n    }\n\n");
        out.append("    @Override\n    public Map<String, Object> toJson() {\n");
        out.append("        Map<String, Object> object = new LinkedHashMap<>();\n");
        for (Field field : def.fields()) {
            String member = Names.member(field.jsonName());
            out.append("        if (").append(member).append(" != null) {\n            object.put(\"")
                    .append(Names.javaString(field.jsonName())).append("\", ").append(member).append(");\n        }\n");
        }
        out.append("        return object;\n    }\n");
        if (def.fields().stream().noneMatch(f -> f.type().kind() == TypeRef.Kind.ARRAY)) {
            return out.append("}\n").toString().replace("import java.util.List;\n", "");
        }
        return out.append("}\n").toString();
    }
}
