package dev.rt.kind.db.sql;

import dev.rt.auth.User;
import dev.rt.kind.db.connect.Dialect;
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
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * The entities of a database, ready to query: the model, the pool, the dialect, the page limits, and each entity's
 * statements. REST, GraphQL, plugins and seeds all go through it. Its {@code save}, {@code insert}, {@code find} and
 * {@code count} take and give JSON-like maps keyed by field name, for plugins and seed files, with someone's rights:
 * {@code entities.as(user)} applies the service's {@code authorization.rules} to that user, {@code entities.system()}
 * none. The entities a plugin looks up in a service with {@code authorization} make it say which
 * ({@link #withRules}); elsewhere (a seed, a service without rules) they run as the system.
 */
public final class Entities {
    private final EntityModel model;
    private final DataSource dataSource;
    private final DataSource readers;
    private final Dialect dialect;
    private final Limits limits;
    private final Map<String, EntityQueries> queries;
    private final Function<User, Access> rules;
    private final Access access; // null: the caller must choose, with as(user) or system()

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
        this.queries = new HashMap<>();
        this.rules = user -> Access.SYSTEM;
        this.access = Access.SYSTEM;
        Violations violations = new Violations(model);
        model.entities().forEach(e -> queries.put(e.singularName(), new EntityQueries(e, dialect, violations)));
    }

    private Entities(Entities of, Function<User, Access> rules, Access access) {
        this.model = of.model;
        this.dataSource = of.dataSource;
        this.readers = of.readers;
        this.dialect = of.dialect;
        this.limits = of.limits;
        this.queries = of.queries;
        this.rules = rules;
        this.access = access;
    }

    /**
     * The same entities under rules: {@link #as} gives a user's access through {@code rules}, and the plain
     * {@code save}, {@code insert}, {@code find} and {@code count} refuse to run until the caller chose a user or
     * {@link #system()}.
     */
    public Entities withRules(Function<User, Access> rules) {
        return new Entities(this, rules, null);
    }

    /** The same entities with the rights of {@code user}: the service's rules applied to it (none without rules). */
    public Entities as(User user) {
        return new Entities(this, rules, rules.apply(user));
    }

    /** The same entities with every right: no rule applies. */
    public Entities system() {
        return new Entities(this, rules, Access.SYSTEM);
    }

    /** One entity's statements as {@code access} may run them. */
    public GuardedQueries queries(Entity entity, Access access) {
        return new GuardedQueries(queries(entity), access, dialect);
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
        GuardedQueries guarded = queries(e, chosen());
        List<Field> fields = guarded.visible(guarded.writeOf(values));
        try (Connection connection = dataSource.getConnection()) {
            return Transactions.run(connection, () -> guarded.save(connection, values, fields, fields));
        }
    }

    /** Inserts the rows, in one transaction, and returns them as stored. */
    public List<Map<String, Object>> insert(String entity, List<Map<String, Object>> inputs) throws SQLException {
        Entity e = model.require(entity);
        List<Map<Field, Object>> rows = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            rows.add(values(e, inputs.get(i), "inputs/" + i));
        }
        GuardedQueries guarded = queries(e, chosen());
        List<Field> fields = guarded.visible(Operation.INSERT);
        try (Connection connection = dataSource.getConnection()) {
            return Transactions.run(connection, () -> {
                List<Map<String, Object>> inserted = new ArrayList<>();
                for (Map<Field, Object> row : rows) {
                    inserted.add(guarded.insert(connection, row, fields, fields));
                }
                return inserted;
            });
        }
    }

    /** Every row of the entity (that the caller may find), with the fields it may read. */
    public List<Map<String, Object>> find(String entity) throws SQLException {
        Entity e = model.require(entity);
        GuardedQueries guarded = queries(e, chosen());
        try (Connection connection = readers.getConnection()) {
            return guarded.find(connection, FindQuery.all(guarded.visible(Operation.FIND), List.of()));
        }
    }

    public long count(String entity) throws SQLException {
        Entity e = model.require(entity);
        try (Connection connection = readers.getConnection()) {
            return queries(e, chosen()).count(connection, List.of());
        }
    }

    private Access chosen() {
        if (access == null) {
            throw new IllegalStateException("this db service has authorization rules: say whose rights apply,"
                    + " entities.as(user) for a user's or entities.system() for every right");
        }
        return access;
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
