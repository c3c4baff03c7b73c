package dev.rt.cli.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An API as the client writers see it, from an OpenAPI document or a GraphQL schema: its named types and its
 * operations, with names already made into identifiers. Everything is in the order of the document, so that the
 * same document gives the same files, byte for byte.
 *
 * @param title      the API's title, for comments
 * @param types      the named types, by name, in the order they were read
 * @param operations the REST operations (empty for GraphQL)
 * @param graphQl    whether the API is GraphQL (one endpoint, {@code POST /graphql})
 */
public record ClientModel(String title, Map<String, TypeDef> types, List<Operation> operations, boolean graphQl) {
    public ClientModel {
        Objects.requireNonNull(title, "title");
        types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
        operations = List.copyOf(operations);
    }

    /**
     * A JSON value's type. With a name, it is a named type: an object ({@code OBJECT}), a string enumeration
     * ({@code ENUM}), a union of object types ({@code UNION}), or an alias the TypeScript client declares (a union of
     * other values, or an enumeration of numbers, whose Java type is its kind's).
     */
    public record TypeRef(Kind kind, Optional<TypeRef> items, Optional<String> name) {
        public enum Kind { STRING, INTEGER, NUMBER, BOOLEAN, ARRAY, OBJECT, MAP, ANY, ENUM, UNION }

        public static TypeRef of(Kind kind) {
            return new TypeRef(kind, Optional.empty(), Optional.empty());
        }

        public static TypeRef array(TypeRef items) {
            return new TypeRef(Kind.ARRAY, Optional.of(items), Optional.empty());
        }

        public static TypeRef named(String name) {
            return named(Kind.OBJECT, name);
        }

        public static TypeRef named(Kind kind, String name) {
            return new TypeRef(kind, Optional.empty(), Optional.of(name));
        }
    }

    /** A property of an object type. */
    public record Field(String jsonName, TypeRef type, boolean required, Optional<String> description) {
    }

    /**
     * A named type.
     *
     * @param shape         what it is
     * @param fields        an object's properties (of {@code ALL_OF}: every part's, merged)
     * @param parts         the parts of {@code ALL_OF}, the members of {@code UNION} and {@code ALIAS}
     * @param values        the values of {@code ENUM} (strings) and of an {@code ALIAS} that enumerates values
     * @param discriminator the property whose value tells a {@code UNION}'s member, and its values by member name
     */
    public record TypeDef(String name, Shape shape, List<Field> fields, List<TypeRef> parts, List<Object> values,
            Optional<Discriminator> discriminator, Optional<String> description) {
        /** An object ({@code OBJECT}, {@code ALL_OF}), an enumeration, a union of objects, or an alias of values. */
        public enum Shape { OBJECT, ALL_OF, ENUM, UNION, ALIAS }

        public TypeDef {
            fields = List.copyOf(fields);
            parts = List.copyOf(parts);
            values = List.copyOf(values);
        }

        public TypeDef(String name, List<Field> fields, Optional<String> description) {
            this(name, Shape.OBJECT, fields, List.of(), List.of(), Optional.empty(), description);
        }
    }

    /** The property that tells which member of a union an object is, and the value each member has there. */
    public record Discriminator(String property, Map<String, String> valueByMember) {
        public Discriminator {
            valueByMember = Collections.unmodifiableMap(new LinkedHashMap<>(valueByMember));
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
