package dev.rt.kind.db.graphql;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.FindQuery;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.Limits;
import dev.rt.kind.db.sql.Operator;
import dev.rt.kind.db.sql.SqlFailures;
import dev.rt.kind.db.sql.Transactions;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.dataloader.DataLoader;

/** The resolvers of the queries, the mutations and the relation fields of one entity. */
final class Fetchers {
    private final Entities entities;
    private final Entity entity;

    Fetchers(Entities entities, Entity entity) {
        this.entities = entities;
        this.entity = entity;
    }

    DataFetcher<List<Map<String, Object>>> list() {
        return env -> {
            long limit = entities.limits().check(optional(env.getArgument("limit")));
            long offset = Limits.checkOffset(optional(env.getArgument("offset")));
            FindQuery query = new FindQuery(Selection.fields(entity, env), where(env.getArgument("where")),
                    WhereArguments.orderBy(entity, env.getArgument("orderBy")), OptionalLong.of(limit), offset,
                    Optional.empty(), false);
            return read(connection -> entities.queries(entity).find(connection, query));
        };
    }

    DataFetcher<Map<String, Object>> byKey() {
        return env -> {
            List<Condition> conditions = new ArrayList<>();
            for (Field key : entity.primaryKeyFields()) {
                conditions.add(new Condition.Compare(key, Operator.EQ, InputValues.fromJson(key,
                        env.getArgument(key.name()), key.name(), entities.dialect())));
            }
            List<Map<String, Object>> rows = read(connection -> entities.queries(entity).find(connection,
                    FindQuery.all(Selection.fields(entity, env), conditions)));
            return rows.isEmpty() ? null : rows.get(0);
        };
    }

    DataFetcher<Map<String, Object>> count() {
        return env -> Map.of("total", read(connection -> entities.queries(entity).count(connection,
                where(env.getArgument("where")))));
    }

    DataFetcher<Map<String, Object>> save() {
        return env -> {
            Map<Field, Object> values = values(env.getArgument("input"), "input");
            return run(connection -> Transactions.run(connection,
                    () -> entities.save(connection, entity, values, Selection.fields(entity, env))));
        };
    }

    DataFetcher<List<Map<String, Object>>> insert() {
        return env -> {
            List<Map<Field, Object>> rows = new ArrayList<>();
            List<?> inputs = env.getArgument("inputs");
            for (int i = 0; i < inputs.size(); i++) {
                rows.add(values(inputs.get(i), "inputs/" + i));
            }
            List<Field> fields = Selection.fields(entity, env);
            return run(connection -> Transactions.run(connection, () -> {
                List<Map<String, Object>> inserted = new ArrayList<>();
                for (Map<Field, Object> row : rows) {
                    inserted.add(entities.queries(entity).insert(connection, row, fields));
                }
                return inserted;
            }));
        };
    }

    DataFetcher<List<Map<String, Object>>> delete() {
        return env -> run(connection -> entities.queries(entity).delete(connection, where(env.getArgument("where")),
                Selection.fields(entity, env)));
    }

    /** The row a foreign key refers to, through its relation's loader. */
    DataFetcher<Object> referenced(Relation relation) {
        return env -> {
            Map<String, Object> row = env.getSource();
            Object key = row.get(relation.field());
            if (key == null) {
                return null;
            }
            DataLoader<Object, Object> loader = env.getDataLoader(RelationLoaders.forwardName(entity, relation));
            return loader.load(key);
        };
    }

    /** The rows of {@code source} that refer to this one, through their relation's loader. */
    static DataFetcher<Object> referencing(Entity source, Relation relation, Field key) {
        return env -> {
            Map<String, Object> row = env.getSource();
            Object value = row.get(key.name());
            if (value == null) {
                return List.of();
            }
            DataLoader<Object, Object> loader = env.getDataLoader(RelationLoaders.reverseName(source, relation));
            return loader.load(new RelationLoaders.ReverseKey(String.valueOf(value), new TreeMap<>(env.getArguments())));
        };
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
