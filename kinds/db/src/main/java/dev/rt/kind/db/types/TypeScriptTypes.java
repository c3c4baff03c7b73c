package dev.rt.kind.db.types;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.EntityModel;
import dev.rt.kind.db.model.Field;
import java.util.Comparator;
import java.util.List;

/** TypeScript declarations of the same rows, for a frontend: one {@code <entity>.d.ts} each and {@code index.d.ts}. */
final class TypeScriptTypes {
    private TypeScriptTypes() {
    }

    static String entity(Entity entity) {
        StringBuilder out = new StringBuilder(JavaTypes.MARK + "\n/**\n * " + entity.name() + "\n * A " + entity.name() + "\n */\n"
                + "export interface " + entity.name() + " {\n");
        List<Field> fields = entity.fields().stream().sorted(Comparator.comparing((Field f) -> !f.primaryKey())
                .thenComparing(Field::name)).toList();
        for (Field field : fields) {
            boolean required = !field.nullable() && !field.primaryKey() && !field.autoTimestamp();
            out.append("  ").append(field.name()).append(required ? "" : "?").append(": ").append(type(field))
                    .append(field.nullable() || field.autoTimestamp() ? " | null" : "").append(";\n");
        }
        return out.append("}\n").toString();
    }

    static String index(EntityModel model) {
        StringBuilder imports = new StringBuilder();
        StringBuilder members = new StringBuilder();
        for (Entity entity : model.entities()) {
            imports.append("import { type ").append(entity.name()).append(" } from './").append(entity.singularName())
                    .append(".ts'\nexport { type ").append(entity.name()).append(" } from './")
                    .append(entity.singularName()).append(".ts'\n");
            members.append("  ").append(entity.singularName()).append(": ").append(entity.name()).append("\n");
        }
        return JavaTypes.MARK + "\n" + imports + "\nexport interface EntityTypes {\n" + members + "}\n";
    }

    private static String type(Field field) {
        String base = switch (field.jsonType()) {
            case INTEGER, NUMBER -> field.writtenAsString() ? "string" : "number";
            case BOOLEAN -> "boolean";
            case OBJECT -> "{ [name: string]: any }";
            default -> field.enumValues().isEmpty() ? "string"
                    : String.join(" | ", field.enumValues().stream().sorted().map(v -> "\"" + v + "\"").toList());
        };
        return field.array() ? base + "[]" : base;
    }
}
