package dev.rt.cli.client;

import dev.rt.cli.client.ClientModel.Discriminator;
import dev.rt.cli.client.ClientModel.Field;
import dev.rt.cli.client.ClientModel.TypeDef;
import dev.rt.cli.client.ClientModel.TypeDef.Shape;
import dev.rt.cli.client.ClientModel.TypeRef;
import dev.rt.cli.client.ClientModel.TypeRef.Kind;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The types of an OpenAPI document's schemas: an object is a named type (its component's name, else one made from
 * where it is used), {@code $ref} names a component, {@code allOf} is an object of every part's properties (and,
 * in TypeScript, their intersection), {@code oneOf}/{@code anyOf} a union (of objects: a sealed interface in Java,
 * read by its discriminator or else by the first member that reads; of other values: TypeScript's union, the parsed
 * JSON in Java), {@code enum} of strings an enumeration, of other values TypeScript's union of literals.
 */
final class SchemaTypes {
    private final Map<String, Schema<?>> components;
    private final Map<String, TypeDef> types = new LinkedHashMap<>();
    private final Map<String, TypeRef> byComponent = new LinkedHashMap<>();
    private final Set<String> reading = new HashSet<>();
    private final Set<String> componentTypes = new HashSet<>();

    SchemaTypes(Map<String, Schema<?>> components) {
        this.components = components;
        components.keySet().forEach(name -> componentTypes.add(Names.type(name)));
        components.keySet().forEach(this::component);
    }

    Map<String, TypeDef> types() {
        return types;
    }

    /** The type of {@code schema}; an object without a component's name is named {@code suggested}. */
    TypeRef type(Schema<?> schema, String suggested) {
        return type(schema, suggested, false);
    }

    private TypeRef component(String name) {
        TypeRef known = byComponent.get(name);
        if (known != null) {
            return known;
        }
        Schema<?> schema = components.get(name);
        if (schema == null) {
            return TypeRef.of(Kind.ANY);
        }
        if (!reading.add(name)) {
            return TypeRef.named(recursiveKind(schema), Names.type(name)); // a type that contains itself
        }
        TypeRef type = type(schema, Names.type(name), true);
        reading.remove(name);
        byComponent.put(name, type);
        return type;
    }

    private Kind recursiveKind(Schema<?> schema) {
        if (schema.getEnum() != null && !schema.getEnum().isEmpty()) {
            return Kind.ENUM;
        }
        return schema.getOneOf() != null || schema.getAnyOf() != null ? Kind.UNION : Kind.OBJECT;
    }

    private TypeRef type(Schema<?> schema, String suggested, boolean component) {
        if (schema == null) {
            return TypeRef.of(Kind.ANY);
        }
        if (schema.get$ref() != null) {
            return component(componentName(schema.get$ref()));
        }
        if (schema.getAllOf() != null && !schema.getAllOf().isEmpty()) {
            return allOf(schema, suggested, component);
        }
        List<Schema> options = schema.getOneOf() != null && !schema.getOneOf().isEmpty() ? schema.getOneOf()
                : schema.getAnyOf() != null && !schema.getAnyOf().isEmpty() ? schema.getAnyOf() : null;
        if (options != null) {
            return union(schema, options, suggested, component);
        }
        if (schema.getEnum() != null && schema.getEnum().stream().anyMatch(Objects::nonNull)) {
            return enumeration(schema, suggested, component);
        }
        String type = typeOf(schema);
        if (type == null) {
            return TypeRef.of(Kind.ANY);
        }
        return switch (type) {
            case "string" -> TypeRef.of(Kind.STRING);
            case "integer" -> TypeRef.of(Kind.INTEGER);
            case "number" -> TypeRef.of(Kind.NUMBER);
            case "boolean" -> TypeRef.of(Kind.BOOLEAN);
            case "array" -> TypeRef.array(type(schema.getItems(), suggested + "Item", false));
            case "object" -> schema.getProperties() == null || schema.getProperties().isEmpty()
                    ? TypeRef.of(Kind.MAP) : TypeRef.named(object(schema, suggested, component));
            default -> TypeRef.of(Kind.ANY);
        };
    }

    static String componentName(String ref) {
        return ref.substring(ref.lastIndexOf('/') + 1);
    }

    private static String typeOf(Schema<?> schema) {
        if (schema.getType() != null) {
            return schema.getType();
        }
        if (schema.getTypes() != null) {
            return schema.getTypes().stream().filter(t -> !t.equals("null")).sorted().findFirst().orElse(null);
        }
        return schema.getProperties() != null ? "object" : null;
    }

    /** A free name for a type: the component's own, else {@code suggested} made unique. */
    private String reserve(String suggested, boolean component) {
        String name = suggested;
        for (int i = 2; types.containsKey(name) || !component && componentTypes.contains(name); i++) {
            name = suggested + i;
        }
        types.put(name, new TypeDef(name, List.of(), Optional.empty())); // reserved while its parts are read
        return name;
    }

    @SuppressWarnings("rawtypes")
    private String object(Schema<?> schema, String suggested, boolean component) {
        String name = reserve(suggested, component);
        List<Field> fields = new ArrayList<>();
        List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
        for (Map.Entry<String, Schema> property : schema.getProperties().entrySet()) {
            fields.add(new Field(property.getKey(), type(property.getValue(), name + Names.type(property.getKey()), false),
                    required.contains(property.getKey()), Optional.ofNullable(property.getValue().getDescription())));
        }
        types.put(name, new TypeDef(name, fields, Optional.ofNullable(schema.getDescription())));
        return name;
    }

    @SuppressWarnings("rawtypes")
    private TypeRef allOf(Schema<?> schema, String suggested, boolean component) {
        List<Schema> typed = new ArrayList<>();
        Set<String> required = new HashSet<>(schema.getRequired() == null ? List.of() : schema.getRequired());
        for (Schema part : schema.getAllOf()) {
            if (part.get$ref() == null && typeOf(part) == null && part.getAllOf() == null && part.getOneOf() == null
                    && part.getAnyOf() == null) {
                required.addAll(part.getRequired() == null ? List.<String>of() : part.getRequired()); // constraints only
            } else {
                typed.add(part);
            }
        }
        boolean own = schema.getProperties() != null && !schema.getProperties().isEmpty();
        if (typed.size() == 1 && !own) {
            return type(typed.get(0), suggested, component); // a reference with its own description or constraints
        }
        String name = reserve(suggested, component);
        List<TypeRef> parts = new ArrayList<>();
        int n = 1;
        for (Schema part : typed) {
            parts.add(type(part, name + "Part" + n++, false));
        }
        if (own) {
            Schema<?> properties = new Schema<>().properties(schema.getProperties()).required(schema.getRequired());
            parts.add(TypeRef.named(object(properties, name + "Own", false)));
        }
        Map<String, Field> fields = new LinkedHashMap<>();
        for (TypeRef part : parts) {
            TypeDef def = part.name().map(types::get).orElse(null);
            if (part.kind() != Kind.OBJECT || def == null) {
                throw new ClientSourceException("the schema " + name + " is the allOf of an object and a "
                        + part.kind().name().toLowerCase(Locale.ROOT) + ", which no value can be: rt client composes"
                        + " objects");
            }
            for (Field field : def.fields()) {
                Field before = fields.get(field.jsonName());
                fields.put(field.jsonName(), new Field(field.jsonName(), field.type(), field.required()
                        || before != null && before.required() || required.contains(field.jsonName()),
                        field.description().or(() -> before == null ? Optional.empty() : before.description())));
            }
        }
        types.put(name, new TypeDef(name, Shape.ALL_OF, List.copyOf(fields.values()), parts, List.of(), Optional.empty(),
                Optional.ofNullable(schema.getDescription())));
        return TypeRef.named(name);
    }

    @SuppressWarnings("rawtypes")
    private TypeRef union(Schema<?> schema, List<Schema> options, String suggested, boolean component) {
        List<Schema> values = options.stream().filter(o -> !"null".equals(typeOf(o)) || o.get$ref() != null).toList();
        if (values.size() == 1) {
            return type(values.get(0), suggested, component); // oneOf [T, null]: a T that may be null
        }
        String name = reserve(suggested, component);
        List<TypeRef> members = new ArrayList<>();
        int n = 1;
        for (Schema option : values) {
            TypeRef member = type(option, name + "Option" + n++, false);
            if (!members.contains(member)) {
                members.add(member);
            }
        }
        boolean objects = members.stream().allMatch(m -> m.kind() == Kind.OBJECT && m.name().isPresent());
        Optional<Discriminator> discriminator = Optional.empty();
        if (objects && schema.getDiscriminator() != null && schema.getDiscriminator().getPropertyName() != null) {
            Map<String, String> valueByMember = new LinkedHashMap<>();
            Map<String, String> mapping = schema.getDiscriminator().getMapping() == null ? Map.of()
                    : schema.getDiscriminator().getMapping();
            mapping.forEach((value, ref) -> valueByMember.putIfAbsent(Names.type(componentName(ref)), value));
            for (Schema option : values) {
                if (option.get$ref() != null) {
                    valueByMember.putIfAbsent(Names.type(componentName(option.get$ref())), componentName(option.get$ref()));
                }
            }
            discriminator = Optional.of(new Discriminator(schema.getDiscriminator().getPropertyName(), valueByMember));
        }
        types.put(name, new TypeDef(name, objects ? Shape.UNION : Shape.ALIAS, List.of(), members, List.of(),
                discriminator, Optional.ofNullable(schema.getDescription())));
        return TypeRef.named(objects ? Kind.UNION : Kind.ANY, name);
    }

    private TypeRef enumeration(Schema<?> schema, String suggested, boolean component) {
        List<Object> values = new ArrayList<>();
        schema.getEnum().stream().filter(Objects::nonNull).distinct().forEach(values::add);
        String name = reserve(suggested, component);
        Optional<String> description = Optional.ofNullable(schema.getDescription());
        if (values.stream().allMatch(String.class::isInstance)) {
            types.put(name, new TypeDef(name, Shape.ENUM, List.of(), List.of(), values, Optional.empty(), description));
            return TypeRef.named(Kind.ENUM, name);
        }
        types.put(name, new TypeDef(name, Shape.ALIAS, List.of(), List.of(), values, Optional.empty(), description));
        Kind kind = switch (String.valueOf(typeOf(schema))) {
            case "integer" -> Kind.INTEGER;
            case "number" -> Kind.NUMBER;
            case "boolean" -> Kind.BOOLEAN;
            default -> Kind.ANY;
        };
        return TypeRef.named(kind, name);
    }
}
