package dev.rt.kind.db.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A table or a view as the API shows it: table {@code movie_quotes} is the entity {@code MovieQuote}, singular
 * {@code movieQuote}, plural {@code movieQuotes} (its REST prefix and its GraphQL list query).
 *
 * @param fields     in the table's column order
 * @param primaryKey the primary key's field names, in key order; empty for a view or a table without one
 * @param readOnly   served for reading only: a view, or a table without a primary key
 */
public record Entity(String name, String singularName, String pluralName, String table, boolean view,
        List<Field> fields, List<String> primaryKey, List<Relation> relations, boolean readOnly) {
    public Entity {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(singularName, "singularName");
        Objects.requireNonNull(pluralName, "pluralName");
        Objects.requireNonNull(table, "table");
        fields = List.copyOf(fields);
        primaryKey = List.copyOf(primaryKey);
        relations = List.copyOf(relations);
    }

    public Optional<Field> field(String name) {
        for (Field field : fields) {
            if (field.name().equals(name)) {
                return Optional.of(field);
            }
        }
        return Optional.empty();
    }

    /** The field named so, which the caller knows exists. */
    public Field require(String name) {
        for (Field field : fields) {
            if (field.name().equals(name)) {
                return field;
            }
        }
        throw new IllegalArgumentException(singularName + " has no field " + name);
    }

    /** The primary key's fields, in key order (asked on every write: a loop, not a stream). */
    public List<Field> primaryKeyFields() {
        Field[] keys = new Field[primaryKey.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = require(primaryKey.get(i));
        }
        return List.of(keys);
    }

    /** The single primary key field, when the key has one column. */
    public Optional<Field> singleKey() {
        return primaryKey.size() == 1 ? Optional.of(require(primaryKey.get(0))) : Optional.empty();
    }

    public List<String> fieldNames() {
        return fields.stream().map(Field::name).toList();
    }
}
