package dev.rt.cli.client;

import dev.rt.cli.client.ClientModel.Discriminator;
import dev.rt.cli.client.ClientModel.TypeDef;
import dev.rt.cli.client.ClientModel.TypeRef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * The Java types whose value is one of several: an enumeration of strings (an {@code enum} whose constants keep
 * their JSON value) and a union of object types (a sealed interface its records implement, read by its
 * discriminator, else by the first member that reads).
 */
final class JavaChoiceTypes {
    private JavaChoiceTypes() {
    }

    static String enumeration(String javaPackage, TypeDef def, ClientOptions options) {
        StringBuilder out = new StringBuilder("package " + javaPackage + ";\n\nimport java.util.Arrays;\n\n");
        out.append("/** ").append(comment(def, options, "One of the values of the API's " + def.name() + "."))
                .append(" */\n");
        out.append("public enum ").append(def.name()).append(" implements Json.Value {\n");
        Set<String> used = new HashSet<>();
        List<String> constants = new ArrayList<>();
        for (Object value : def.values()) {
            String constant = constant(String.valueOf(value));
            String unique = constant;
            for (int i = 2; !used.add(unique); i++) {
                unique = constant + "_" + i;
            }
            constants.add("    " + unique + "(\"" + Names.javaString(String.valueOf(value)) + "\")");
        }
        out.append(String.join(",\n", constants)).append(";\n\n");
        out.append("    private final String json;\n\n");
        out.append("    ").append(def.name()).append("(String json) {\n        this.json = json;\n    }\n\n");
        out.append("    /** The constant whose JSON value is {@code json}. */\n");
        out.append("    public static ").append(def.name()).append(" fromJson(Object json) {\n");
        out.append("        for (").append(def.name()).append(" constant : values()) {\n");
        out.append("            if (constant.json.equals(json)) {\n                return constant;\n            }\n        }\n");
        out.append("        throw new IllegalArgumentException(\"").append(def.name()).append(": expected one of \"\n")
                .append("                + Arrays.stream(values()).map(c -> Json.write(c.json)).toList()")
                .append(" + \", found \" + Json.write(json));\n    }\n\n");
        out.append("    @Override\n    public String toJson() {\n        return json;\n    }\n}\n");
        return out.toString();
    }

    static String union(String javaPackage, TypeDef def, ClientOptions options) {
        List<String> members = def.parts().stream().map(part -> part.name().orElseThrow()).toList();
        StringBuilder out = new StringBuilder("package " + javaPackage + ";\n\n");
        out.append("import java.util.ArrayList;\nimport java.util.List;\nimport java.util.Map;\n\n");
        out.append("/** ").append(comment(def, options, "One of " + String.join(", ", members) + "."))
                .append(" */\n");
        out.append("public sealed interface ").append(def.name()).append(" extends Json.Value permits ")
                .append(String.join(", ", members)).append(" {\n");
        out.append("    /** Reads the member that {@code json} is, from parsed JSON. */\n");
        out.append("    static ").append(def.name()).append(" fromJson(Object json) {\n");
        if (def.discriminator().isPresent()) {
            Discriminator discriminator = def.discriminator().get();
            String property = Names.javaString(discriminator.property());
            out.append("        Map<String, Object> object = Json.object(json, \"").append(def.name()).append("\");\n");
            out.append("        Object kind = object.get(\"").append(property).append("\");\n");
            for (String member : members) {
                String value = discriminator.valueByMember().getOrDefault(member, member);
                out.append("        if (\"").append(Names.javaString(value)).append("\".equals(kind)) {\n")
                        .append("            return ").append(member).append(".fromJson(object);\n        }\n");
            }
            out.append("        throw new IllegalArgumentException(\"").append(def.name()).append(": \\\"").append(property)
                    .append("\\\" must be one of ").append(Names.javaString(String.join(", ", members.stream()
                            .map(m -> discriminator.valueByMember().getOrDefault(m, m)).toList())))
                    .append(", found \" + Json.write(kind));\n    }\n}\n");
            return out.toString().replace("import java.util.ArrayList;\nimport java.util.List;\n", "");
        }
        out.append("        List<String> failures = new ArrayList<>();\n");
        for (String member : members) {
            out.append("        try {\n            return ").append(member).append(".fromJson(json);\n")
                    .append("        } catch (IllegalArgumentException e) {\n")
                    .append("            failures.add(e.getMessage());\n        }\n");
        }
        out.append("        throw new IllegalArgumentException(\"").append(def.name()).append(": matches none of ")
                .append(String.join(", ", members)).append(": \" + String.join(\"; \", failures));\n    }\n}\n");
        return out.toString().replace("import java.util.Map;\n", "");
    }

    /** The sealed interfaces that {@code member} implements. */
    static List<String> unionsOf(ClientModel model, String member) {
        return model.types().values().stream().filter(def -> def.shape() == TypeDef.Shape.UNION)
                .filter(def -> def.parts().stream().map(TypeRef::name).anyMatch(n -> n.equals(Optional.of(member))))
                .map(TypeDef::name).sorted().toList();
    }

    private static String comment(TypeDef def, ClientOptions options, String otherwise) {
        String description = options.typesComment() ? def.description().map(Names::comment).orElse("") : "";
        return description.isEmpty() ? otherwise : description;
    }

    /** An enum constant's name: {@code in-stock} → {@code IN_STOCK}. */
    private static String constant(String value) {
        String name = value.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9]+", "_")
                .replaceAll("^_+|_+$", "").toUpperCase(Locale.ROOT);
        if (name.isEmpty()) {
            return "EMPTY";
        }
        return Character.isDigit(name.charAt(0)) || !SourceVersion.isName(name) ? "V_" + name : name;
    }
}
