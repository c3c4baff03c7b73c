package dev.rt.kind.gateway.graphql;

import graphql.language.AstPrinter;
import graphql.language.Definition;
import graphql.language.Document;
import graphql.language.FieldDefinition;
import graphql.language.InterfaceTypeDefinition;
import graphql.language.ObjectTypeDefinition;
import graphql.language.ScalarTypeDefinition;
import graphql.language.TypeDefinition;
import graphql.language.UnionTypeDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The schemas of a gateway's applications merged into one: their query fields on {@code Query}, their mutation
 * fields on {@code Mutation}, each root field owned by the first application that has it (another that has it too
 * is told in the log and not asked); other types by name, an object type or interface with the fields of every
 * application that has it, anything else as the first application has it. Subscriptions are left out.
 *
 * @param sdl      the merged schema
 * @param owners   {@code Query} and {@code Mutation} → field → the application that answers it
 * @param objects  the object types below the roots, whose fields are read from the answers
 * @param abstracts the interfaces and unions, whose objects say their type in {@code __typename}
 * @param scalars  the custom scalars, passed through as they come
 */
record SchemaMerge(String sdl, Map<String, Map<String, String>> owners, Set<String> objects, Set<String> abstracts,
        Set<String> scalars) {
    static final String QUERY = "Query";
    static final String MUTATION = "Mutation";
    private static final Set<String> BUILT_IN = Set.of("String", "Int", "Float", "Boolean", "ID");

    /** @param log told of each root field that two applications have */
    static SchemaMerge of(List<SchemaFetch.Fetched> schemas, Consumer<String> log) {
        Map<String, TypeDefinition<?>> types = new LinkedHashMap<>();
        Map<String, Map<String, FieldDefinition>> fields = new LinkedHashMap<>();
        Map<String, Map<String, String>> owners = new LinkedHashMap<>();
        for (SchemaFetch.Fetched schema : schemas) {
            for (Definition<?> definition : schema.document().getDefinitions()) {
                if (!(definition instanceof TypeDefinition<?> type) || type.getName().startsWith("__")
                        || BUILT_IN.contains(type.getName())) {
                    continue;
                }
                String root = type.getName().equals(schema.query()) ? QUERY
                        : type.getName().equals(schema.mutation()) ? MUTATION : null;
                if (root != null && type instanceof ObjectTypeDefinition object) {
                    Map<String, String> owned = owners.computeIfAbsent(root, r -> new LinkedHashMap<>());
                    types.putIfAbsent(root, object.transform(b -> b.name(root)));
                    for (FieldDefinition field : object.getFieldDefinitions()) {
                        String owner = owned.putIfAbsent(field.getName(), schema.id());
                        if (owner == null) {
                            fields.computeIfAbsent(root, r -> new LinkedHashMap<>()).put(field.getName(), field);
                        } else {
                            log.accept("the " + root + " field \"" + field.getName() + "\" of the \"" + schema.id()
                                    + "\" application is also the \"" + owner + "\" application's: the gateway asks \""
                                    + owner + "\" only");
                        }
                    }
                } else if (!isSubscription(type, schema)) {
                    types.putIfAbsent(type.getName(), type);
                    List<FieldDefinition> own = type instanceof ObjectTypeDefinition object ? object.getFieldDefinitions()
                            : type instanceof InterfaceTypeDefinition face ? face.getFieldDefinitions() : List.of();
                    Map<String, FieldDefinition> merged = fields.computeIfAbsent(type.getName(), n -> new LinkedHashMap<>());
                    own.forEach(field -> merged.putIfAbsent(field.getName(), field));
                }
            }
        }
        return build(types, fields, owners);
    }

    private static boolean isSubscription(TypeDefinition<?> type, SchemaFetch.Fetched schema) {
        return type.getName().equals("Subscription") && !type.getName().equals(schema.query());
    }

    private static SchemaMerge build(Map<String, TypeDefinition<?>> types, Map<String, Map<String, FieldDefinition>> fields,
            Map<String, Map<String, String>> owners) {
        List<Definition> definitions = new ArrayList<>();
        Set<String> objects = new LinkedHashSet<>();
        Set<String> abstracts = new LinkedHashSet<>();
        Set<String> scalars = new LinkedHashSet<>();
        types.forEach((name, type) -> {
            List<FieldDefinition> merged = new ArrayList<>(fields.getOrDefault(name, Map.of()).values());
            if (type instanceof ObjectTypeDefinition object) {
                definitions.add(object.transform(b -> b.fieldDefinitions(merged)));
                if (!owners.containsKey(name)) {
                    objects.add(name);
                }
            } else if (type instanceof InterfaceTypeDefinition face) {
                definitions.add(face.transform(b -> b.definitions(merged)));
                abstracts.add(name);
            } else {
                definitions.add(type);
                if (type instanceof UnionTypeDefinition) {
                    abstracts.add(name);
                } else if (type instanceof ScalarTypeDefinition) {
                    scalars.add(name);
                }
            }
        });
        String sdl = AstPrinter.printAst(Document.newDocument().definitions(definitions).build());
        return new SchemaMerge(sdl, owners, objects, abstracts, scalars);
    }
}
