package dev.rt.kind.db.openapi;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The parameters of the generated routes, as OpenAPI describes them. */
final class Parameters {
    static final String LIMIT = "Limit will be applied by default if not passed. If the provided value exceeds the"
            + " maximum allowed value a validation error will be thrown";

    private Parameters() {
    }

    static Parameter query(String name, Schema<?> schema) {
        return new Parameter().in("query").name(name).required(false).schema(schema);
    }

    static List<Parameter> paging() {
        return List.of(query("limit", new Schema<>().type("integer")).description(LIMIT),
                query("offset", new Schema<>().type("integer")));
    }

    static Parameter totalCount() {
        return query("totalCount", new Schema<>().type("boolean")._default(false));
    }

    static List<Parameter> cursors() {
        return List.of(query("cursor", new Schema<>().type("boolean")._default(false))
                        .description("Include cursor headers in response. Cursor keys built from orderBy clause"),
                query("startAfter", new Schema<>().type("string").format("byte"))
                        .description("Cursor for forward pagination. List objects after this cursor position"),
                query("endBefore", new Schema<>().type("string").format("byte"))
                        .description("Cursor for backward pagination. List objects before this cursor position"));
    }

    static Parameter fields(Entity entity) {
        StringSchema names = new StringSchema();
        entity.fields().stream().map(Field::name).sorted().forEach(names::addEnumItem);
        return query("fields", new ArraySchema().items(names));
    }

    /** {@code where.<field>.<operator>} for every field (by name), then {@code where.or}. */
    static List<Parameter> where(Entity entity) {
        List<Parameter> where = new ArrayList<>();
        for (Field field : sorted(entity)) {
            String base = "where." + field.name() + ".";
            if (field.array()) {
                for (String op : List.of("all", "any")) {
                    where.add(query(base + op, new Schema<>().type(field.jsonType().schemaName())));
                }
                for (String op : List.of("contains", "contained", "overlaps")) {
                    where.add(query(base + op, new Schema<>().type("string")));
                }
                continue;
            }
            for (String op : List.of("eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike")) {
                where.add(query(base + op, EntitySchemas.property(field, false)));
            }
            for (String op : List.of("in", "nin", "contains", "contained", "overlaps")) {
                where.add(query(base + op, new Schema<>().type("string")));
            }
            where.add(query(base + "isNull", new Schema<>().type("boolean")));
        }
        where.add(query("where.or", new ArraySchema().items(new Schema<>().type("string"))));
        return where;
    }

    static List<Parameter> orderBy(Entity entity) {
        List<Parameter> order = new ArrayList<>();
        for (Field field : sorted(entity)) {
            if (!field.array()) {
                StringSchema direction = new StringSchema();
                direction.addEnumItem("asc");
                direction.addEnumItem("desc");
                order.add(query("orderby." + field.name(), direction));
            }
        }
        return order;
    }

    /** The key's path parameters, by the field's JSON type. */
    static List<Parameter> key(Entity entity) {
        List<Parameter> key = new ArrayList<>();
        for (Field field : entity.primaryKeyFields()) {
            key.add(new Parameter().in("path").name(field.name()).required(true)
                    .schema(new Schema<>().type(field.jsonType().schemaName())));
        }
        return key;
    }

    private static List<Field> sorted(Entity entity) {
        return entity.fields().stream().sorted(Comparator.comparing(Field::column)).toList();
    }
}
