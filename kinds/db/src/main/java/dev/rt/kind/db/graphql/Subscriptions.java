package dev.rt.kind.db.graphql;

import dev.rt.kind.db.events.Change;
import dev.rt.kind.db.events.ChangeEvents;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.FindQuery;
import dev.rt.kind.db.sql.InputValues;
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

/**
 * The subscriptions of {@code db.events}: per entity with a single-column primary key, {@code movieSaved} (the row
 * as saved, read again with the fields the subscription selects) and {@code movieDeleted} (type
 * {@code MovieDeleted}: the key alone). Neither takes arguments.
 */
final class Subscriptions {
    private Subscriptions() {
    }

    /** The {@code Subscription} type, or empty when no entity has a single-column key. */
    static Optional<GraphQLObjectType> build(Entities entities, ChangeEvents events, Collection<EntityTypes> all,
            FieldTypes types, GraphQLCodeRegistry.Builder code) {
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
            code.dataFetcher(FieldCoordinates.coordinates("Subscription", saved), (DataFetcher<?>) env ->
                    new ChangeStream(events, entity.singularName(), Change.Action.SAVED,
                            value -> read(entities, entity, key, value, Selection.fields(entity, env))));
            code.dataFetcher(FieldCoordinates.coordinates("Subscription", deleted), (DataFetcher<?>) env ->
                    new ChangeStream(events, entity.singularName(), Change.Action.DELETED,
                            value -> Optional.of(Map.of(key.name(), value))));
        }
        return any ? Optional.of(subscription.build()) : Optional.empty();
    }

    private static Optional<Map<String, Object>> read(Entities entities, Entity entity, Field key, Object value,
            List<Field> fields) {
        Condition byKey = new Condition.Compare(key, Operator.EQ,
                InputValues.fromJson(key, value, key.name(), entities.dialect()));
        try (Connection connection = entities.readers().getConnection()) {
            return entities.queries(entity).find(connection, FindQuery.all(fields, List.of(byKey))).stream()
                    .findFirst();
        } catch (SQLException e) {
            throw SqlFailures.of(e);
        }
    }
}
