package dev.rt.kind.db.graphql;

import dev.rt.kind.db.events.ChangeEvents;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Naming;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.model.ReverseRelation;
import dev.rt.kind.db.sql.Access;
import dev.rt.kind.db.sql.Entities;
import graphql.ExecutionInput;
import graphql.GraphQL;
import graphql.Scalars;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLList;
import graphql.schema.GraphQLNonNull;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaPrinter;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dataloader.DataLoaderRegistry;

/**
 * The GraphQL API of the entities: per entity a type whose foreign keys are the rows they refer to and whose
 * referring rows are list fields; the queries {@code movies}, {@code getMovieById} and {@code countMovies}; the
 * mutations {@code saveMovie}, {@code insertMovies} and {@code deleteMovies} for entities that can be written; with
 * change events, the subscriptions {@code movieSaved} and {@code movieDeleted}.
 * Relations load in batches: execute each request with a {@linkplain #newRegistry() registry of its own}.
 */
public final class DbGraphQL {
    private final CallerAccess callers;
    private final RelationLoaders loaders;
    private final GraphQLSchema schema;
    private final GraphQL graphQL;

    public DbGraphQL(Entities entities) {
        this(entities, Optional.empty(), CallerAccess.SYSTEM);
    }

    /** The API with every right: for the commands and tests, and a service without {@code authorization}. */
    public DbGraphQL(Entities entities, Optional<ChangeEvents> events) {
        this(entities, events, CallerAccess.SYSTEM);
    }

    /**
     * @param events   the committed changes, for the subscriptions {@code movieSaved} and {@code movieDeleted}
     * @param callers  the access of an execution's caller, from its context (unless the context holds its
     *                 {@code Access.class} already)
     */
    public DbGraphQL(Entities entities, Optional<ChangeEvents> events, CallerAccess callers) {
        this.callers = callers;
        this.loaders = new RelationLoaders(entities);
        this.schema = build(entities, events);
        this.graphQL = configure(GraphQL.newGraphQL(schema)).build();
    }

    public GraphQLSchema schema() {
        return schema;
    }

    /** The engine, for a server that executes requests itself (with {@link #newRegistry()} in each input). */
    public GraphQL graphQL() {
        return graphQL;
    }

    /**
     * An engine as this API's own is built: resolvers' failures answered with their own messages. For a server that
     * builds its engine itself, on this schema or one that extends it.
     */
    public GraphQL.Builder configure(GraphQL.Builder engine) {
        return engine.defaultDataFetcherExceptionHandler(new ErrorMessages());
    }

    /** The relation loaders of one request. */
    public DataLoaderRegistry newRegistry() {
        return loaders.newRegistry();
    }

    /** Executes one request; the answer in the shape of a GraphQL response ({@code data}, {@code errors}). */
    public Map<String, Object> execute(String query, Map<String, Object> variables) {
        ExecutionInput input = ExecutionInput.newExecutionInput().query(query).variables(variables)
                .dataLoaderRegistry(newRegistry()).build();
        return graphQL.execute(input).toSpecification();
    }

    /** Executes one request of a caller with this access. */
    public Map<String, Object> execute(String query, Map<String, Object> variables, Access access) {
        ExecutionInput input = ExecutionInput.newExecutionInput().query(query).variables(variables)
                .graphQLContext(Map.of(Access.class, access)).dataLoaderRegistry(newRegistry()).build();
        return graphQL.execute(input).toSpecification();
    }

    /** The schema in SDL. */
    public String sdl() {
        return new SchemaPrinter(SchemaPrinter.Options.defaultOptions().includeDirectives(false)
                .setComparators(graphql.schema.GraphqlTypeComparatorRegistry.AS_IS_REGISTRY)).print(schema);
    }

    private GraphQLSchema build(Entities entities, Optional<ChangeEvents> events) {
        FieldTypes types = new FieldTypes();
        Map<String, EntityTypes> byEntity = new LinkedHashMap<>();
        entities.model().entities().forEach(e -> byEntity.put(e.singularName(), new EntityTypes(e, types)));
        GraphQLCodeRegistry.Builder code = GraphQLCodeRegistry.newCodeRegistry();
        GraphQLObjectType.Builder query = GraphQLObjectType.newObject().name("Query");
        GraphQLObjectType.Builder mutation = GraphQLObjectType.newObject().name("Mutation");
        GraphQLSchema.Builder schema = GraphQLSchema.newSchema();
        boolean writable = false;
        for (EntityTypes et : byEntity.values()) {
            Entity entity = et.entity;
            Fetchers fetchers = new Fetchers(entities, entity, callers);
            schema.additionalType(objectType(entities, et, byEntity, types, code));
            if (!entity.primaryKey().isEmpty()) {
                String getBy = Naming.camelCase("get-" + entity.singularName() + "-by-"
                        + String.join("-and-", entity.primaryKey()));
                GraphQLFieldDefinition.Builder field = GraphQLFieldDefinition.newFieldDefinition().name(getBy)
                        .type(et.reference());
                entity.primaryKey().forEach(k -> field.argument(GraphQLArgument.newArgument().name(k)
                        .type(GraphQLNonNull.nonNull(Scalars.GraphQLID))));
                query.field(field);
                code.dataFetcher(FieldCoordinates.coordinates("Query", getBy), fetchers.byKey());
            }
            query.field(f -> f.name(entity.pluralName()).type(GraphQLList.list(et.reference())).arguments(et.listArguments()));
            code.dataFetcher(FieldCoordinates.coordinates("Query", entity.pluralName()), fetchers.list());
            String count = Naming.camelCase("count-" + entity.pluralName());
            query.field(f -> f.name(count).type(et.count).argument(a -> a.name("where").type(et.where)));
            code.dataFetcher(FieldCoordinates.coordinates("Query", count), fetchers.count());
            if (!entity.readOnly()) {
                writable = true;
                String save = Naming.camelCase("save-" + entity.singularName());
                String insert = Naming.camelCase("insert-" + entity.pluralName());
                String delete = Naming.camelCase("delete-" + entity.pluralName());
                mutation.field(f -> f.name(save).type(et.reference())
                        .argument(a -> a.name("input").type(GraphQLNonNull.nonNull(et.input))));
                mutation.field(f -> f.name(insert).type(GraphQLList.list(et.reference()))
                        .argument(a -> a.name("inputs").type(GraphQLNonNull.nonNull(GraphQLList.list(et.input)))));
                mutation.field(f -> f.name(delete).type(GraphQLList.list(et.reference()))
                        .argument(a -> a.name("where").type(et.where)));
                code.dataFetcher(FieldCoordinates.coordinates("Mutation", save), fetchers.save());
                code.dataFetcher(FieldCoordinates.coordinates("Mutation", insert), fetchers.insert());
                code.dataFetcher(FieldCoordinates.coordinates("Mutation", delete), fetchers.delete());
            }
        }
        if (byEntity.isEmpty()) {
            query.field(f -> f.name("hello").type(Scalars.GraphQLString));
            code.dataFetcher(FieldCoordinates.coordinates("Query", "hello"),
                    (graphql.schema.DataFetcher<String>) env -> "Hello from rt!");
        }
        events.flatMap(e -> Subscriptions.build(entities, e, byEntity.values(), types, code, callers))
                .ifPresent(schema::subscription);
        schema.query(query.build()).codeRegistry(code.build());
        if (writable) {
            schema.mutation(mutation.build());
        }
        return schema.build();
    }

    private GraphQLObjectType objectType(Entities entities, EntityTypes et, Map<String, EntityTypes> byEntity,
            FieldTypes types, GraphQLCodeRegistry.Builder code) {
        Entity entity = et.entity;
        Fetchers fetchers = new Fetchers(entities, entity, callers);
        GraphQLObjectType.Builder type = GraphQLObjectType.newObject().name(et.typeName);
        Set<String> names = new HashSet<>();
        Set<String> replaced = new HashSet<>();
        for (Relation relation : entity.relations()) {
            if (entities.model().require(relation.target()).primaryKey().size() == 1) {
                replaced.add(relation.field());
            }
        }
        entity.fields().stream().filter(f -> !replaced.contains(f.name())).forEach(f -> {
            names.add(f.name());
            type.field(d -> d.name(f.name()).type(types.output(entity, et.typeName, f)));
        });
        for (Relation relation : entity.relations()) {
            if (replaced.contains(relation.field()) && names.add(relation.graphqlField())) {
                type.field(d -> d.name(relation.graphqlField()).type(byEntity.get(relation.target()).reference()));
                code.dataFetcher(FieldCoordinates.coordinates(et.typeName, relation.graphqlField()),
                        fetchers.referenced(relation));
            }
        }
        if (entity.primaryKey().size() == 1) {
            for (ReverseRelation reverse : entities.model().referencing(entity)) {
                Entity source = entities.model().require(reverse.source());
                EntityTypes sourceTypes = byEntity.get(source.singularName());
                if (source.primaryKey().size() != 1 || !names.add(source.pluralName())) {
                    continue;
                }
                type.field(d -> d.name(source.pluralName()).type(GraphQLList.list(sourceTypes.reference()))
                        .arguments(sourceTypes.listArguments()));
                code.dataFetcher(FieldCoordinates.coordinates(et.typeName, source.pluralName()),
                        fetchers.referencing(source, reverse.relation(), entity.singleKey().orElseThrow()));
            }
        }
        return type.build();
    }
}
