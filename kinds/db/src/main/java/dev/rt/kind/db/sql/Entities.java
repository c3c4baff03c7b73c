package dev.rt.kind.db.sql;

import dev.rt.kind.db.constraint.Violations;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.EntityModel;
import dev.rt.kind.db.model.Field;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The entities of a database, ready to query: the model, the pool, the dialect, the page limits, and each entity's
 * statements. REST, GraphQL and seeds all go through it. Its {@code save}, {@code insert}, {@code find} and
 * {@code count} take and give JSON-like maps keyed by field name, for seed files.
 */
public final class Entities {
    private final EntityModel model;
    private final DataSource dataSource;
    private final DataSource readers;
    private final Dialect dialect;
    private final Limits limits;
    private final Map<String, EntityQueries> queries = new HashMap<>();

    /** Entities that read and write on one pool. */
    public Entities(EntityModel model, DataSource dataSource, Dialect dialect, Limits limits) {
        this(model, dataSource, dataSource, dialect, limits);
    }

    /** @param readers the pool for statements that only read (a SQLite file's read-only connections) */
    public Entities(EntityModel model, DataSource dataSource, DataSource readers, Dialect dialect, Limits limits) {
        this.model = model;
        this.dataSource = dataSource;
        this.readers = readers;
        this.dialect = dialect;
        this.limits = limits;
        Violations violations = new Violations(model);
        model.entities().forEach(e -> queries.put(e.singularName(), new EntityQueries(e, dialect, violations)));
    }

    public EntityModel model() {
        return model;
    }

    /** The pool that writes. */
    public DataSource dataSource() {
        return dataSource;
    }

    /** The pool for statements that only read; the same as {@link #dataSource()} unless the database has readers. */
    public DataSource readers() {
        return readers;
    }

    public Dialect dialect() {
        return dialect;
    }

    public Limits limits() {
        return limits;
    }

    public EntityQueries queries(Entity entity) {
        return queries.get(entity.singularName());
    }

    /** Saves one row of the entity named so ({@code movie}): updates it when its key is given and found, else inserts. */
    public Map<String, Object> save(String entity, Map<String, Object> input) throws SQLException {
        Entity e = model.require(entity);
        Map<Field, Object> values = values(e, input, "input");
        try (Connection connection = dataSource.getConnection()) {
            return Transactions.run(connection, () -> save(connection, e, values, e.fields()));
        }
    }

    /** Inserts the rows, in one transaction, and returns them as stored. */
    public List<Map<String, Object>> insert(String entity, List<Map<String, Object>> inputs) throws SQLException {
        Entity e = model.require(entity);
        List<Map<Field, Object>> rows = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            rows.add(values(e, inputs.get(i), "inputs/" + i));
        }
        try (Connection connection = dataSource.getConnection()) {
            return Transactions.run(connection, () -> {
                List<Map<String, Object>> inserted = new ArrayList<>();
                for (Map<Field, Object> row : rows) {
                    inserted.add(queries(e).insert(connection, row, e.fields()));
                }
                return inserted;
            });
        }
    }

    /** Every row of the entity. */
    public List<Map<String, Object>> find(String entity) throws SQLException {
        Entity e = model.require(entity);
        try (Connection connection = readers.getConnection()) {
            return queries(e).find(connection, FindQuery.all(e.fields(), List.of()));
        }
    }

    public long count(String entity) throws SQLException {
        Entity e = model.require(entity);
        try (Connection connection = readers.getConnection()) {
            return queries(e).count(connection, List.of());
        }
    }

    /** Update by key when the whole key is given and such a row exists, else insert. */
    public Map<String, Object> save(Connection connection, Entity entity, Map<Field, Object> values,
            List<Field> fields) throws SQLException {
        EntityQueries statements = queries(entity);
        boolean keyed = !entity.primaryKey().isEmpty()
                && entity.primaryKeyFields().stream().allMatch(k -> values.get(k) != null);
        if (keyed) {
            var updated = statements.updateByKey(connection, values, fields);
            if (updated.isPresent()) {
                return updated.get();
            }
        }
        return statements.insert(connection, values, fields);
    }

    private Map<Field, Object> values(Entity entity, Map<String, Object> input, String where) {
        if (entity.readOnly()) {
            throw QueryException.invalid(entity.name() + " is read-only");
        }
        Map<Field, Object> values = new LinkedHashMap<>();
        input.forEach((name, value) -> {
            Field field = entity.field(name).orElseThrow(() -> QueryException.invalid(where + "/" + name
                    + " is not a field of " + entity.name()));
            values.put(field, InputValues.fromJson(field, value, where + "/" + name, dialect));
        });
        return values;
    }
}
