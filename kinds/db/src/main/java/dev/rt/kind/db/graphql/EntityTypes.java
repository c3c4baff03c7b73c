package dev.rt.kind.db.graphql;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import graphql.Scalars;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLEnumType;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLList;
import graphql.schema.GraphQLNonNull;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLTypeReference;
import java.util.ArrayList;
import java.util.List;

/**
 * The input types of one entity: {@code MovieInput}, {@code MovieWhereArguments} (one input per field with its
 * operators, and {@code or}), {@code MovieOrderByArguments} with its {@code MovieOrderByField} enumeration, and the
 * {@code moviesCount} result; and the arguments of its list field.
 */
final class EntityTypes {
    static final GraphQLEnumType DIRECTION = GraphQLEnumType.newEnum().name("OrderByDirection").value("ASC").value("DESC")
            .build();
    private static final List<String> RESERVED = List.of("Query", "Mutation", "Subscription");

    final Entity entity;
    final String typeName;
    final GraphQLInputObjectType input;
    final GraphQLInputObjectType where;
    final GraphQLInputObjectType orderBy;
    final GraphQLObjectType count;

    EntityTypes(Entity entity, FieldTypes types) {
        this.entity = entity;
        this.typeName = RESERVED.contains(entity.name()) ? entity.name() + "Entity" : entity.name();
        GraphQLInputObjectType.Builder input = GraphQLInputObjectType.newInputObject().name(typeName + "Input");
        for (Field field : entity.fields()) {
            if (!field.autoTimestamp()) {
                input.field(GraphQLInputObjectField.newInputObjectField().name(field.name())
                        .type(types.input(entity, typeName, field)));
            }
        }
        this.input = input.build();
        List<GraphQLInputObjectField> whereFields = new ArrayList<>();
        for (Field field : entity.fields()) {
            whereFields.add(GraphQLInputObjectField.newInputObjectField().name(field.name())
                    .type(operators(field, types)).build());
        }
        GraphQLInputObjectType or = GraphQLInputObjectType.newInputObject().name(typeName + "WhereArgumentsOr")
                .fields(whereFields).build();
        this.where = GraphQLInputObjectType.newInputObject().name(typeName + "WhereArguments").fields(whereFields)
                .field(GraphQLInputObjectField.newInputObjectField().name("or").type(GraphQLList.list(or))).build();
        GraphQLEnumType.Builder orderFields = GraphQLEnumType.newEnum().name(typeName + "OrderByField");
        entity.fields().stream().filter(f -> !f.array()).forEach(f -> orderFields.value(f.name(), f.name()));
        this.orderBy = GraphQLInputObjectType.newInputObject().name(typeName + "OrderByArguments")
                .field(GraphQLInputObjectField.newInputObjectField().name("field").type(orderFields.build()))
                .field(GraphQLInputObjectField.newInputObjectField().name("direction")
                        .type(GraphQLNonNull.nonNull(DIRECTION)))
                .build();
        this.count = GraphQLObjectType.newObject().name(entity.pluralName() + "Count")
                .field(f -> f.name("total").type(Scalars.GraphQLInt)).build();
    }

    private GraphQLInputObjectType operators(Field field, FieldTypes types) {
        GraphQLInputType type = types.input(entity, typeName, field);
        GraphQLInputObjectType.Builder builder = GraphQLInputObjectType.newInputObject()
                .name(typeName + "WhereArguments" + field.name());
        if (field.array()) {
            GraphQLInputType element = (GraphQLInputType) ((GraphQLList) type).getWrappedType();
            builder.field(op("any", element)).field(op("all", element)).field(op("contains", type))
                    .field(op("contained", type)).field(op("overlaps", type));
        } else {
            for (String op : List.of("eq", "neq", "gt", "gte", "lt", "lte", "like")) {
                builder.field(op(op, type));
            }
            builder.field(op("in", GraphQLList.list(type))).field(op("nin", GraphQLList.list(type)))
                    .field(op("isNull", Scalars.GraphQLBoolean));
        }
        return builder.build();
    }

    private static GraphQLInputObjectField op(String name, GraphQLInputType type) {
        return GraphQLInputObjectField.newInputObjectField().name(name).type(type).build();
    }

    /** {@code limit}, {@code offset}, {@code orderBy}, {@code where}: the arguments of a list of this entity. */
    List<GraphQLArgument> listArguments() {
        return List.of(GraphQLArgument.newArgument().name("limit").type(DbScalars.LIMIT).build(),
                GraphQLArgument.newArgument().name("offset").type(Scalars.GraphQLInt).build(),
                GraphQLArgument.newArgument().name("orderBy").type(GraphQLList.list(orderBy)).build(),
                GraphQLArgument.newArgument().name("where").type(where).build());
    }

    GraphQLTypeReference reference() {
        return GraphQLTypeReference.typeRef(typeName);
    }
}
