package dev.rt.cli.client;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An API as the client writers see it, from an OpenAPI document or a GraphQL schema: its named types and its
 * operations, with names already made into identifiers.
 *
 * @param title      the API's title, for comments
 * @param types      the object types, by name, in order
 * @param operations the REST operations (empty for GraphQL)
 * @param graphQl    whether the API is GraphQL (one endpoint, {@code POST /graphql})
 */
public record ClientModel(String title, Map<String, TypeDef> types, List<Operation> operations, boolean graphQl) {
    public ClientModel {
        Objects.requireNonNull(title, "title");
        types = Map.copyOf(types);
        operations = List.copyOf(operations);
    }

    /** A JSON value's type. */
    public record TypeRef(Kind kind, Optional<TypeRef> items, Optional<String> name) {
        public enum Kind { STRING, INTEGER, NUMBER, BOOLEAN, ARRAY, OBJECT, MAP, ANY }

        public static TypeRef of(Kind kind) {
            return new TypeRef(kind, Optional.empty(), Optional.empty());
        }

        public static TypeRef array(TypeRef items) {
            return new TypeRef(Kind.ARRAY, Optional.of(items), Optional.empty());
        }

        public static TypeRef named(String name) {
            return new TypeRef(Kind.OBJECT, Optional.empty(), Optional.of(name));
        }
    }

    /** A property of an object type. */
    public record Field(String jsonName, TypeRef type, boolean required, Optional<String> description) {
    }

    /** An object type: a record in Java, an interface in TypeScript. */
    public record TypeDef(String name, List<Field> fields, Optional<String> description) {
        public TypeDef {
            fields = List.copyOf(fields);
        }
    }

    /** A parameter of an operation: in the path, the query or a header. */
    public record Param(String jsonName, String in, TypeRef type, boolean required) {
    }

    /**
     * One REST operation.
     *
     * @param name       the method's name ({@code operationId}, else the method and the path)
     * @param statuses   the documented response statuses ({@code 200}, {@code default}, ...)
     * @param response   the type of its successful JSON response; empty when it documents none
     * @param noContent  whether its successful response has no body (only 204 or no content documented)
     */
    public record Operation(String name, String method, String path, List<Param> params, Optional<TypeRef> body,
            boolean bodyRequired, Optional<TypeRef> response, boolean noContent, List<String> statuses,
            Optional<String> summary) {
        public Operation {
            params = List.copyOf(params);
            statuses = List.copyOf(statuses);
        }
    }
}
