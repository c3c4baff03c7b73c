package dev.rt.kind.db.graphql;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Naming;
import dev.rt.kind.db.model.SqlTypes;
import graphql.Scalars;
import graphql.schema.GraphQLEnumType;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLList;
import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLType;
import java.util.HashMap;
import java.util.Map;

/**
 * The GraphQL type of each field: {@code ID} for keys and foreign keys, the column type's scalar otherwise
 * ({@code Int}, {@code Float}, {@code String}, {@code Boolean}, {@code Date}, {@code DateTime}, {@code JSONObject}),
 * a list for an array, an enumeration of its own for an enumerated column.
 */
final class FieldTypes {
    private final Map<String, GraphQLType> byField = new HashMap<>();

    GraphQLType of(Entity entity, String typeName, Field field) {
        return byField.computeIfAbsent(typeName + "." + field.name(), k -> compute(typeName, field));
    }

    GraphQLOutputType output(Entity entity, String typeName, Field field) {
        return (GraphQLOutputType) of(entity, typeName, field);
    }

    GraphQLInputType input(Entity entity, String typeName, Field field) {
        return (GraphQLInputType) of(entity, typeName, field);
    }

    private static GraphQLType compute(String typeName, Field field) {
        if (field.primaryKey() || field.foreignKey()) {
            return Scalars.GraphQLID;
        }
        if (!field.enumValues().isEmpty()) {
            GraphQLEnumType.Builder enumType = GraphQLEnumType.newEnum()
                    .name(Naming.camelCase(typeName + "-" + field.column()));
            int index = 0;
            for (String value : field.enumValues()) {
                index++;
                String key = value.replaceAll("[^\\w]", "_");
                if (!key.matches("^[_a-zA-Z].*")) {
                    key = "_" + key;
                }
                if (key.startsWith("__")) {
                    key = "enum" + index + key.substring(2);
                }
                enumType.value(key, value);
            }
            GraphQLEnumType built = enumType.build();
            return field.array() ? GraphQLList.list(built) : built;
        }
        GraphQLScalarType scalar = scalar(SqlTypes.graphql(field.sqlType(), field.json()));
        return field.array() ? GraphQLList.list(scalar) : scalar;
    }

    static GraphQLScalarType scalar(String name) {
        return switch (name) {
            case "Int" -> Scalars.GraphQLInt;
            case "Float" -> Scalars.GraphQLFloat;
            case "Boolean" -> Scalars.GraphQLBoolean;
            case "ID" -> Scalars.GraphQLID;
            case "Date" -> DbScalars.DATE;
            case "Time" -> DbScalars.TIME;
            case "DateTime" -> DbScalars.DATE_TIME;
            case "JSONObject" -> DbScalars.JSON_OBJECT;
            default -> Scalars.GraphQLString;
        };
    }
}
