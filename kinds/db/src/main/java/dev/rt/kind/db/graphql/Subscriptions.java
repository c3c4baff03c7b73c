package dev.rt.kind.db.graphql;

import dev.rt.kind.db.events.Change;
import dev.rt.kind.db.events.ChangeEvents;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.FindQuery;
import dev.rt.kind.db.sql.GuardedQueries;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.Operation;
import dev.rt.kind.db.sql.Operator;
import dev.rt.kind.db.sql.SqlFailures;
import graphql.schema.DataFetcher;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLObjectType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The subscriptions of {@code db.events}: per entity with a single-column primary key, {@code movieSaved} (the row
 * as saved, read again with the fields the subscription selects) and {@code movieDeleted} (type
 * {@code MovieDeleted}: the key alone). Neither takes arguments. Under {@code authorization.rules}, a subscriber gets
 * only the rows it may find: a saved row is read again with its checks in the {@code WHERE}, a deleted one is judged
 * as it was ({@link GuardedQueries#couldFind}); fields it may not read refuse the subscription.
 */
final class Subscriptions {
    private Subscriptions() {
    }

    /** The {@code Subscription} type, or empty when no entity has a single-column key. */
    static Optional<GraphQLObjectType> build(Entities entities, ChangeEvents events, Collection<EntityTypes> all,
            FieldTypes types, GraphQLCodeRegistry.Builder code, CallerAccess callers) {
        GraphQLObjectType.Builder subscription = GraphQLObjectType.newObject().name("Subscription");
        boolean any = false;
        for (EntityTypes et : all) {
            Entity entity = et.entity;
            if (entity.singleKey().isEmpty()) {
                continue;
            }
            any = true;
            Field key = entity.singleKey().get();
            String saved = entity.singularName() + "Saved";
            String deleted = entity.singularName() + "Deleted";
            GraphQLObjectType deletedType = GraphQLObjectType.newObject().name(et.typeName + "Deleted")
                    .field(f -> f.name(key.name()).type(types.output(entity, et.typeName, key))).build();
            subscription.field(f -> f.name(saved).type(et.reference()));
            subscription.field(f -> f.name(deleted).type(deletedType));
            code.dataFetcher(FieldCoordinates.coordinates("Subscription", saved), (DataFetcher<?>) env -> {
                GuardedQueries rows = entities.queries(entity, Fetchers.access(env, callers));
                List<Field> exposed = Selection.exposed(entity, env, Set.of());
                rows.permission(Operation.FIND).touch(exposed); // refused at subscribe, not at each change
                List<Field> fields = Selection.fields(entity, env);
                return new ChangeStream(events, entity.singularName(), Change.Action.SAVED,
                        change -> read(entities, rows, key, change.key(), fields, exposed));
            });
            code.dataFetcher(FieldCoordinates.coordinates("Subscription", deleted), (DataFetcher<?>) env -> {
                GuardedQueries rows = entities.queries(entity, Fetchers.access(env, callers));
                List<Field> exposed = List.of(key);
                rows.permission(Operation.FIND).touch(exposed);
                return new ChangeStream(events, entity.singularName(), Change.Action.DELETED,
                        change -> rows.couldFind(change.row(), exposed)
                                ? Optional.of(Map.of(key.name(), change.key())) : Optional.empty());
            });
        }
        return any ? Optional.of(subscription.build()) : Optional.empty();
    }

    /** The saved row, read again as the subscriber may find it: with its checks in the {@code WHERE}. */
    private static Optional<Map<String, Object>> read(Entities entities, GuardedQueries rows, Field key, Object value,
            List<Field> fields, List<Field> exposed) {
        Condition byKey = new Condition.Compare(key, Operator.EQ,
                InputValues.fromJson(key, value, key.name(), entities.dialect()));
        try (Connection connection = entities.readers().getConnection()) {
            return rows.find(connection, FindQuery.all(fields, List.of(byKey)), exposed).stream().findFirst();
        } catch (SQLException e) {
            throw SqlFailures.of(e);
        }
    }
}
