package dev.rt.kind.db.graphql;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.model.ReverseRelation;
import dev.rt.kind.db.sql.Access;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.FindQuery;
import dev.rt.kind.db.sql.GuardedQueries;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.Limits;
import dev.rt.kind.db.sql.Operation;
import dev.rt.kind.db.sql.Operator;
import dev.rt.kind.db.sql.SqlFailures;
import dev.rt.kind.db.sql.Transactions;
import graphql.GraphQLContext;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import org.dataloader.DataLoader;

/**
 * The resolvers of the queries, the mutations and the relation fields of one entity, each run with the access of the
 * request's caller ({@link #access}): the fields a selection exposes (under any alias, in any fragment) must be
 * permitted, and its checks join every statement, the relation loaders' included.
 */
final class Fetchers {
    private final Entities entities;
    private final Entity entity;
    private final CallerAccess callers;
    private final Set<String> reverse = new HashSet<>();

    Fetchers(Entities entities, Entity entity, CallerAccess callers) {
        this.entities = entities;
        this.entity = entity;
        this.callers = callers;
        for (ReverseRelation relation : entities.model().referencing(entity)) {
            reverse.add(entities.model().require(relation.source()).pluralName());
        }
    }

    /**
     * The access of the execution's caller: as its context holds it ({@code Access.class}), else worked out once by
     * the context's {@code CallerAccess.class} (the server's) or {@code callers} (the API's own), and kept there.
     */
    static Access access(DataFetchingEnvironment env, CallerAccess callers) {
        GraphQLContext context = env.getGraphQlContext();
        Access access = context.get(Access.class);
        if (access == null) {
            CallerAccess given = context.get(CallerAccess.class);
            access = (given == null ? callers : given).of(context);
            context.put(Access.class, access);
        }
        return access;
    }

    DataFetcher<List<Map<String, Object>>> list() {
        return env -> {
            long limit = entities.limits().check(optional(env.getArgument("limit")));
            long offset = Limits.checkOffset(optional(env.getArgument("offset")));
            FindQuery query = new FindQuery(Selection.fields(entity, env), where(env.getArgument("where")),
                    WhereArguments.orderBy(entity, env.getArgument("orderBy")), OptionalLong.of(limit), offset,
                    Optional.empty(), false);
            GuardedQueries rows = guarded(env);
            return read(connection -> rows.find(connection, query, exposed(env)));
        };
    }

    DataFetcher<Map<String, Object>> byKey() {
        return env -> {
            List<Condition> conditions = new ArrayList<>();
            for (Field key : entity.primaryKeyFields()) {
                conditions.add(new Condition.Compare(key, Operator.EQ, InputValues.fromJson(key,
                        env.getArgument(key.name()), key.name(), entities.dialect())));
            }
            GuardedQueries rows = guarded(env);
            List<Map<String, Object>> found = read(connection -> rows.find(connection,
                    FindQuery.all(Selection.fields(entity, env), conditions), exposed(env)));
            return found.isEmpty() ? null : found.get(0);
        };
    }

    DataFetcher<Map<String, Object>> count() {
        return env -> {
            GuardedQueries rows = guarded(env);
            return Map.of("total", read(connection -> rows.count(connection, where(env.getArgument("where")))));
        };
    }

    DataFetcher<Map<String, Object>> save() {
        return env -> {
            Map<Field, Object> values = values(env.getArgument("input"), "input");
            GuardedQueries rows = guarded(env);
            return run(connection -> Transactions.run(connection,
                    () -> rows.save(connection, values, Selection.fields(entity, env), exposed(env))));
        };
    }

    DataFetcher<List<Map<String, Object>>> insert() {
        return env -> {
            List<Map<Field, Object>> inputs = new ArrayList<>();
            List<?> given = env.getArgument("inputs");
            for (int i = 0; i < given.size(); i++) {
                inputs.add(values(given.get(i), "inputs/" + i));
            }
            List<Field> fields = Selection.fields(entity, env);
            GuardedQueries rows = guarded(env);
            return run(connection -> Transactions.run(connection, () -> {
                List<Map<String, Object>> inserted = new ArrayList<>();
                for (Map<Field, Object> row : inputs) {
                    inserted.add(rows.insert(connection, row, fields, exposed(env)));
                }
                return inserted;
            }));
        };
    }

    DataFetcher<List<Map<String, Object>>> delete() {
        return env -> {
            GuardedQueries rows = guarded(env);
            return run(connection -> rows.delete(connection, where(env.getArgument("where")),
                    Selection.fields(entity, env), exposed(env)));
        };
    }

    /** The row a foreign key refers to, through its relation's loader. */
    DataFetcher<Object> referenced(Relation relation) {
        Entity target = entities.model().require(relation.target());
        Fetchers targets = new Fetchers(entities, target, callers);
        return env -> {
            Map<String, Object> row = env.getSource();
            Object key = row.get(relation.field());
            Access access = access(env, callers);
            entities.queries(target, access).permission(Operation.FIND).touch(targets.exposed(env));
            if (key == null) {
                return null;
            }
            DataLoader<Object, Object> loader = env.getDataLoader(RelationLoaders.forwardName(entity, relation));
            return loader.load(new RelationLoaders.ForwardKey(key, access));
        };
    }

    /** The rows of {@code source} that refer to this one, through their relation's loader. */
    DataFetcher<Object> referencing(Entity source, Relation relation, Field key) {
        Fetchers sources = new Fetchers(entities, source, callers);
        return env -> {
            Map<String, Object> row = env.getSource();
            Object value = row.get(key.name());
            Access access = access(env, callers);
            entities.queries(source, access).permission(Operation.FIND).touch(sources.exposed(env));
            if (value == null) {
                return List.of();
            }
            DataLoader<Object, Object> loader = env.getDataLoader(RelationLoaders.reverseName(source, relation));
            return loader.load(new RelationLoaders.ReverseKey(String.valueOf(value), new TreeMap<>(env.getArguments()),
                    access));
        };
    }

    /** The fields the selection shows (see {@link Selection#exposed}). */
    List<Field> exposed(DataFetchingEnvironment env) {
        return Selection.exposed(entity, env, reverse);
    }

    private GuardedQueries guarded(DataFetchingEnvironment env) {
        return entities.queries(entity, access(env, callers));
    }

    private List<Condition> where(Object where) {
        return WhereArguments.conditions(entity, where, entities.dialect());
    }

    private Map<Field, Object> values(Object input, String where) {
        Map<Field, Object> values = new LinkedHashMap<>();
        if (input instanceof Map<?, ?> map) {
            map.forEach((name, value) -> {
                Field field = entity.require(String.valueOf(name));
                values.put(field, InputValues.fromJson(field, value, where + "/" + name, entities.dialect()));
            });
        }
        return values;
    }

    private static OptionalLong optional(Object value) {
        return value instanceof Number n ? OptionalLong.of(n.longValue()) : OptionalLong.empty();
    }

    private <T> T read(Work<T> work) {
        return run(entities.readers(), work);
    }

    private <T> T run(Work<T> work) {
        return run(entities.dataSource(), work);
    }

    private static <T> T run(javax.sql.DataSource pool, Work<T> work) {
        try (Connection connection = pool.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw SqlFailures.of(e);
        }
    }

    private interface Work<T> {
        T run(Connection connection) throws SQLException;
    }
}
