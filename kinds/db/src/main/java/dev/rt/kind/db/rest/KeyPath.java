package dev.rt.kind.db.rest;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.Operator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a row's key appears in a path: {@code /:id} for a one-column key; for a composite key each column as
 * {@code /<entity>/:<field>} when it refers to another entity ({@code /movie/:movieId/actor/:actorId}), else
 * {@code /<field>/:<field>}.
 */
final class KeyPath {
    private final Entity entity;

    private KeyPath(Entity entity) {
        this.entity = entity;
    }

    static KeyPath of(Entity entity) {
        return new KeyPath(entity);
    }

    /** The path after the entity's prefix, in router syntax or, with {@code openApi}, in OpenAPI syntax. */
    String path(boolean openApi) {
        StringBuilder path = new StringBuilder();
        List<Field> keys = entity.primaryKeyFields();
        for (Field key : keys) {
            if (keys.size() > 1) {
                Optional<Relation> relation = entity.relations().stream().filter(r -> r.field().equals(key.name()))
                        .findFirst();
                path.append('/').append(relation.map(Relation::target).orElse(key.name()));
            }
            path.append(openApi ? "/{" + key.name() + "}" : "/:" + key.name());
        }
        return path.toString();
    }

    /** The key's values from the path, each checked against its field's type. */
    Map<Field, Object> values(Map<String, String> pathParams, Dialect dialect) {
        Map<Field, Object> values = new LinkedHashMap<>();
        for (Field key : entity.primaryKeyFields()) {
            String raw = pathParams.getOrDefault(key.name(), "");
            values.put(key, InputValues.fromText(key, raw, "params/" + key.name(), dialect));
        }
        return values;
    }

    static List<Condition> conditions(Map<Field, Object> values) {
        List<Condition> conditions = new ArrayList<>();
        values.forEach((field, value) -> conditions.add(new Condition.Compare(field, Operator.EQ, value)));
        return conditions;
    }

    /** The {@code location} of a row: the prefix and its key's path with the row's values. */
    String location(String prefix, Map<String, Object> row) {
        String path = path(false);
        for (Field key : entity.primaryKeyFields()) {
            path = path.replace(":" + key.name(), String.valueOf(row.get(key.name())));
        }
        return prefix + path;
    }

    /** How a missing row is named: {@code Movie with id 999}. */
    String describe(Map<String, String> pathParams) {
        List<String> parts = new ArrayList<>();
        for (Field key : entity.primaryKeyFields()) {
            parts.add(key.name() + " " + pathParams.getOrDefault(key.name(), ""));
        }
        return entity.name() + " with " + String.join(" and ", parts);
    }
}
