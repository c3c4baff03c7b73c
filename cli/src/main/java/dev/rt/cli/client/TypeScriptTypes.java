package dev.rt.cli.client;

import dev.rt.cli.client.ClientModel.Field;
import dev.rt.cli.client.ClientModel.Operation;
import dev.rt.cli.client.ClientModel.Param;
import dev.rt.cli.client.ClientModel.TypeDef;
import dev.rt.cli.client.ClientModel.TypeRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The TypeScript declarations of an API: an interface per object type, a request type per operation. */
final class TypeScriptTypes {
    private TypeScriptTypes() {
    }

    static String type(TypeRef type) {
        if (type.name().isPresent()) {
            return type.name().get();
        }
        return switch (type.kind()) {
            case STRING -> "string";
            case INTEGER, NUMBER -> "number";
            case BOOLEAN -> "boolean";
            case ARRAY -> {
                String item = type(type.items().orElseThrow());
                yield item.matches("[A-Za-z0-9_]+") ? item + "[]" : "Array<" + item + ">";
            }
            case MAP -> "Record<string, unknown>";
            case OBJECT, ENUM, UNION, ANY -> "unknown";
        };
    }

    static String property(String name) {
        return name.matches("[A-Za-z_$][A-Za-z0-9_$]*") ? name : "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** The interfaces of the object types, and each operation's request and response types. */
    static String declarations(ClientModel model, ClientOptions options) {
        StringBuilder out = new StringBuilder();
        for (TypeDef def : model.types().values()) {
            if (options.typesComment() && def.description().isPresent()) {
                out.append("/** ").append(Names.comment(def.description().get())).append(" */\n");
            }
            if (def.shape() != TypeDef.Shape.OBJECT) {
                out.append("export type ").append(def.name()).append(" = ").append(alias(def)).append("\n\n");
                continue;
            }
            out.append("export interface ").append(def.name()).append(" {\n");
            for (Field field : def.fields()) {
                if (options.typesComment() && field.description().isPresent()) {
                    out.append("  /** ").append(Names.comment(field.description().get())).append(" */\n");
                }
                boolean optional = options.propsOptional() || !field.required();
                out.append("  ").append(property(field.jsonName())).append(optional ? "?: " : ": ")
                        .append(type(field.type())).append(optional ? " | null" : "").append('\n');
            }
            out.append("}\n\n");
        }
        for (Operation operation : model.operations()) {
            String name = Names.type(operation.name());
            List<String> members = new ArrayList<>();
            for (Param param : operation.params()) {
                members.add("  " + property(param.jsonName()) + (param.required() ? ": " : "?: ") + type(param.type()));
            }
            String body = operation.body().map(b -> mergedBody(b) ? type(b) : "").orElse("");
            if (operation.body().isPresent() && body.isEmpty()) {
                members.add("  body" + (operation.bodyRequired() ? ": " : "?: ") + type(operation.body().get()));
            }
            String params = members.isEmpty() ? "{}" : "{\n" + String.join("\n", members) + "\n}";
            out.append("export type ").append(name).append("Request = ")
                    .append(body.isEmpty() ? params : members.isEmpty() ? body : params + " & " + body).append("\n");
            out.append("export type ").append(name).append("Responses = ")
                    .append(operation.noContent() ? "undefined" : operation.response().map(TypeScriptTypes::type).orElse("unknown"))
                    .append("\n\n");
        }
        return out.toString();
    }

    /** An intersection of an {@code allOf}'s parts, a union of members, or a union of literal values. */
    private static String alias(TypeDef def) {
        String separator = def.shape() == TypeDef.Shape.ALL_OF ? " & " : " | ";
        List<String> members = new ArrayList<>();
        def.parts().forEach(part -> members.add(type(part)));
        def.values().forEach(value -> members.add(value instanceof String text ? quote(text) : String.valueOf(value)));
        return members.isEmpty() ? "never" : String.join(separator, members);
    }

    private static String quote(String text) {
        StringBuilder out = new StringBuilder("'");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '\'', '\\' -> out.append('\\').append(c);
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c < 0x20 || c == 0x2028 || c == 0x2029
                        ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('\'').toString();
    }

    /** Whether an operation's body is given as the request's own properties (an object type), else as {@code body}. */
    static boolean mergedBody(TypeRef body) {
        return body.kind() == TypeRef.Kind.OBJECT;
    }
}
