package dev.rt.kind.db.openapi;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.JsonType;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schemas of an entity: {@code Movie}, a row as answered (every field may be null, keys are strings), and
 * {@code MovieInput}, a body as accepted (its required fields are those neither nullable, nor a key, nor an
 * auto-timestamp).
 */
final class EntitySchemas {
    private EntitySchemas() {
    }

    static Schema<?> output(Entity entity) {
        return schema(entity, true);
    }

    static Schema<?> input(Entity entity) {
        Schema<?> input = schema(entity, false);
        input.title(entity.name() + "Input");
        List<String> required = entity.fields().stream()
                .filter(f -> !f.nullable() && !f.primaryKey() && !f.autoTimestamp() && !f.generated())
                .map(Field::name).sorted().toList();
        if (!required.isEmpty()) {
            input.required(new ArrayList<>(required));
        }
        return input;
    }

    private static Schema<?> schema(Entity entity, boolean output) {
        Map<String, Schema> properties = new LinkedHashMap<>();
        for (Field field : entity.fields()) {
            Schema<?> property = property(field, output);
            if (output || field.nullable() || field.autoTimestamp()) {
                property.nullable(true);
            }
            if (field.generated()) {
                property.readOnly(true);
            }
            properties.put(field.name(), property);
        }
        Schema<?> schema = new ObjectSchema().title(entity.name()).description("A " + entity.name());
        schema.properties(properties);
        schema.additionalProperties(false);
        return schema;
    }

    static Schema<?> property(Field field, boolean output) {
        String type = field.jsonType().schemaName();
        if (field.array()) {
            return new ArraySchema().items(new Schema<>().type(type));
        }
        if (field.jsonType() == JsonType.OBJECT) {
            Schema<?> object = new ObjectSchema();
            object.additionalProperties(true);
            return object;
        }
        if (output && field.writtenAsString()) {
            type = "string";
        }
        Schema<Object> schema = new Schema<>().type(type);
        if (!field.enumValues().isEmpty()) {
            schema.setEnum(new ArrayList<>(field.enumValues()));
        }
        return schema;
    }
}
