package dev.rt.kind.db.graphql;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.sql.Access;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.FindQuery;
import dev.rt.kind.db.sql.GuardedQueries;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.Limits;
import dev.rt.kind.db.sql.Operator;
import dev.rt.kind.db.sql.OrderBy;
import dev.rt.kind.db.sql.SqlFailures;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import org.dataloader.BatchLoader;
import org.dataloader.DataLoader;
import org.dataloader.DataLoaderFactory;
import org.dataloader.DataLoaderRegistry;

/**
 * Nested relations in batches: every row a level of the answer refers to is read with one query per relation (and
 * per distinct set of arguments), however many parent rows there are, with the caller's checks in its {@code WHERE}.
 * One loader per relation and direction, fresh for each request.
 */
final class RelationLoaders {
    /** A foreign key's value, to load the row it refers to with the caller's access. */
    record ForwardKey(Object value, Access access) {
    }

    /**
     * A parent row's key and the arguments of its relation field: the rows of one parent, filtered and paged, as the
     * caller may see them.
     */
    record ReverseKey(String parent, Map<String, Object> arguments, Access access) {
    }

    private final Entities entities;

    RelationLoaders(Entities entities) {
        this.entities = entities;
    }

    static String forwardName(Entity source, Relation relation) {
        return "forward:" + source.singularName() + "." + relation.field();
    }

    static String reverseName(Entity source, Relation relation) {
        return "reverse:" + source.singularName() + "." + relation.field();
    }

    DataLoaderRegistry newRegistry() {
        DataLoaderRegistry.Builder registry = DataLoaderRegistry.newRegistry();
        for (Entity source : entities.model().entities()) {
            for (Relation relation : source.relations()) {
                Entity target = entities.model().require(relation.target());
                BatchLoader<ForwardKey, Map<String, Object>> forward = keys -> forward(target, relation, keys);
                BatchLoader<ReverseKey, List<Map<String, Object>>> reverse = keys -> reverse(source, relation, keys);
                registry.register(forwardName(source, relation), loader(forward));
                registry.register(reverseName(source, relation), loader(reverse));
            }
        }
        return registry.build();
    }

    private static <K, V> DataLoader<K, V> loader(BatchLoader<K, V> batch) {
        return DataLoaderFactory.newDataLoader(batch, org.dataloader.DataLoaderOptions.newOptions()
                .setCachingEnabled(false).build());
    }

    /** The target rows the keys refer to, in key order, null where none (or where the caller may not see it). */
    private CompletableFuture<List<Map<String, Object>>> forward(Entity target, Relation relation,
            List<ForwardKey> keys) {
        Field referenced = target.require(relation.targetField());
        Map<Access, List<Object>> byAccess = new LinkedHashMap<>();
        keys.forEach(k -> byAccess.computeIfAbsent(k.access(), a -> new ArrayList<>()).add(k.value()));
        Map<ForwardKey, Map<String, Object>> found = new HashMap<>();
        for (Map.Entry<Access, List<Object>> group : byAccess.entrySet()) {
            List<Object> values = group.getValue().stream().distinct()
                    .map(k -> InputValues.fromJson(referenced, k, "key", entities.dialect())).toList();
            GuardedQueries rows = entities.queries(target, group.getKey());
            Map<String, Map<String, Object>> byKey = new HashMap<>();
            query(connection -> rows.find(connection, FindQuery.all(target.fields(),
                    List.of(new Condition.Compare(referenced, Operator.IN, values))), List.of()))
                    .forEach(row -> byKey.put(String.valueOf(row.get(referenced.name())), row));
            group.getValue().forEach(k -> found.put(new ForwardKey(k, group.getKey()), byKey.get(String.valueOf(k))));
        }
        List<Map<String, Object>> result = new ArrayList<>();
        keys.forEach(key -> result.add(found.get(key)));
        return CompletableFuture.completedFuture(result);
    }

    /** The rows of one parent's relation field: its arguments, and the caller's access. */
    private record Batch(Map<String, Object> arguments, Access access) {
    }

    /**
     * For each parent, its rows of {@code source} that the caller may see, filtered, sorted and paged by the field's
     * arguments.
     */
    private CompletableFuture<List<List<Map<String, Object>>>> reverse(Entity source, Relation relation,
            List<ReverseKey> keys) {
        Field foreignKey = source.require(relation.field());
        Map<Batch, List<String>> parentsByBatch = new LinkedHashMap<>();
        keys.forEach(k -> parentsByBatch.computeIfAbsent(new Batch(k.arguments(), k.access()), a -> new ArrayList<>())
                .add(k.parent()));
        Map<ReverseKey, List<Map<String, Object>>> answers = new HashMap<>();
        for (Map.Entry<Batch, List<String>> group : parentsByBatch.entrySet()) {
            Map<String, Object> arguments = group.getKey().arguments();
            long limit = entities.limits().check(optional(arguments.get("limit")));
            long offset = Limits.checkOffset(optional(arguments.get("offset")));
            List<Condition> where = new ArrayList<>(WhereArguments.conditions(source, arguments.get("where"),
                    entities.dialect()));
            List<Object> parents = group.getValue().stream().distinct()
                    .map(p -> InputValues.fromJson(foreignKey, p, "key", entities.dialect())).toList();
            where.add(new Condition.Compare(foreignKey, Operator.IN, parents));
            List<OrderBy> orderBy = WhereArguments.orderBy(source, arguments.get("orderBy"));
            GuardedQueries guarded = entities.queries(source, group.getKey().access());
            List<Map<String, Object>> rows = query(connection -> guarded.find(connection, new FindQuery(
                    source.fields(), where, orderBy, OptionalLong.empty(), 0, Optional.empty(), false), List.of()));
            Map<String, List<Map<String, Object>>> byParent = new HashMap<>();
            rows.forEach(row -> byParent.computeIfAbsent(String.valueOf(row.get(foreignKey.name())), p -> new ArrayList<>())
                    .add(row));
            for (String parent : group.getValue()) {
                List<Map<String, Object>> all = byParent.getOrDefault(parent, List.of());
                int from = (int) Math.min(offset, all.size());
                int to = (int) Math.min(all.size(), from + limit);
                answers.put(new ReverseKey(parent, arguments, group.getKey().access()), all.subList(from, to));
            }
        }
        List<List<Map<String, Object>>> result = new ArrayList<>();
        keys.forEach(k -> result.add(answers.get(k)));
        return CompletableFuture.completedFuture(result);
    }

    private static OptionalLong optional(Object value) {
        return value instanceof Number n ? OptionalLong.of(n.longValue()) : OptionalLong.empty();
    }

    private List<Map<String, Object>> query(Work work) {
        try (Connection connection = entities.readers().getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw SqlFailures.of(e);
        }
    }

    private interface Work {
        List<Map<String, Object>> run(Connection connection) throws SQLException;
    }
}
