package dev.rt.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The messages' records to JSON and back, by their components: {@code int}, {@code long}, {@code double},
 * {@code boolean}, {@code String}, {@link JsonNode}, records (objects, or arrays when {@link Positional}) and
 * {@code List}s and string-keyed {@code Map}s of those. Unknown fields are ignored; a missing one, a {@code null}
 * for a number or a value of the wrong type is a {@link ProtocolException}, as is what a record's constructor refuses.
 * Doubles that JSON cannot hold travel as the strings {@code "NaN"}, {@code "Infinity"} and {@code "-Infinity"}.
 */
final class RecordCodec {
    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            return new Shape(type);
        }
    };

    private RecordCodec() {
    }

    /** Writes the record's components as fields of the object the generator is in. */
    static void writeFields(JsonGenerator generator, Record value) throws IOException {
        Shape shape = SHAPES.get(value.getClass());
        for (RecordComponent component : shape.components) {
            generator.writeFieldName(component.getName());
            write(generator, shape.get(component, value));
        }
    }

    /** The record of {@code type} whose components are the fields of {@code object}. */
    static <R> R read(JsonNode object, Class<R> type) {
        return type.cast(readRecord(object, type, type.getSimpleName()));
    }

    private static void write(JsonGenerator generator, Object value) throws IOException {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof String text) {
            generator.writeString(text);
        } else if (value instanceof Integer number) {
            generator.writeNumber(number);
        } else if (value instanceof Long number) {
            generator.writeNumber(number);
        } else if (value instanceof Double number) {
            generator.writeNumber(number);
        } else if (value instanceof Boolean bool) {
            generator.writeBoolean(bool);
        } else if (value instanceof JsonNode node) {
            JsonTrees.write(generator, node);
        } else if (value instanceof List<?> list) {
            generator.writeStartArray();
            for (Object element : list) {
                write(generator, element);
            }
            generator.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            generator.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                generator.writeFieldName((String) entry.getKey());
                write(generator, entry.getValue());
            }
            generator.writeEndObject();
        } else if (value instanceof Record record && record.getClass().isAnnotationPresent(Positional.class)) {
            Shape shape = SHAPES.get(record.getClass());
            generator.writeStartArray();
            for (RecordComponent component : shape.components) {
                write(generator, shape.get(component, record));
            }
            generator.writeEndArray();
        } else if (value instanceof Record record) {
            generator.writeStartObject();
            writeFields(generator, record);
            generator.writeEndObject();
        } else {
            throw new ProtocolException("cannot encode a " + value.getClass().getName());
        }
    }

    private static Object read(JsonNode node, Type type, String path) {
        Class<?> raw = type instanceof ParameterizedType parameterized ? (Class<?>) parameterized.getRawType() : (Class<?>) type;
        if (raw == JsonNode.class) {
            return node;
        }
        if (node.isNull() && !raw.isPrimitive()) {
            return null;
        }
        if (raw == String.class && node.isTextual()) {
            return node.textValue();
        }
        if ((raw == int.class || raw == Integer.class) && node.isIntegralNumber() && node.canConvertToInt()) {
            return node.intValue();
        }
        if ((raw == long.class || raw == Long.class) && node.isIntegralNumber() && node.canConvertToLong()) {
            return node.longValue();
        }
        if (raw == double.class || raw == Double.class) {
            return readDouble(node, path);
        }
        if ((raw == boolean.class || raw == Boolean.class) && node.isBoolean()) {
            return node.booleanValue();
        }
        if (raw == List.class && node.isArray()) {
            Type element = ((ParameterizedType) type).getActualTypeArguments()[0];
            List<Object> list = new ArrayList<>(node.size());
            for (int i = 0; i < node.size(); i++) {
                list.add(read(node.get(i), element, path + "[" + i + "]"));
            }
            return list;
        }
        if (raw == Map.class && node.isObject()) {
            Type valueType = ((ParameterizedType) type).getActualTypeArguments()[1];
            Map<String, Object> map = new LinkedHashMap<>();
            node.properties().forEach(field -> map.put(field.getKey(),
                    read(field.getValue(), valueType, path + "." + field.getKey())));
            return map;
        }
        if (raw.isRecord()) {
            return readRecord(node, raw, path);
        }
        throw new ProtocolException(path + " is not " + describe(raw) + ": found " + node.getNodeType().name().toLowerCase());
    }

    private static double readDouble(JsonNode node, String path) {
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isTextual()) {
            switch (node.textValue()) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw new ProtocolException(path + " is not a number: found " + node.getNodeType().name().toLowerCase());
    }

    private static Object readRecord(JsonNode node, Class<?> type, String path) {
        Shape shape = SHAPES.get(type);
        boolean positional = type.isAnnotationPresent(Positional.class);
        if (positional ? !node.isArray() : !node.isObject()) {
            throw new ProtocolException(path + " is not " + (positional ? "an array" : "an object") + ": found "
                    + node.getNodeType().name().toLowerCase());
        }
        Object[] arguments = new Object[shape.components.length];
        for (int i = 0; i < arguments.length; i++) {
            RecordComponent component = shape.components[i];
            JsonNode field = positional ? node.get(i) : node.get(component.getName());
            if (field == null) {
                throw new ProtocolException(path + " has no " + (positional ? "element " + i : "\"" + component.getName() + "\""));
            }
            arguments[i] = read(field, component.getGenericType(), path + "." + component.getName());
        }
        return shape.create(arguments, path);
    }

    private static String describe(Class<?> type) {
        if (type == String.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "a boolean";
        }
        if (type == List.class) {
            return "an array";
        }
        if (type == Map.class) {
            return "an object";
        }
        return type.isPrimitive() || Number.class.isAssignableFrom(type) ? "an integer of the " + type.getSimpleName()
                + " range" : "a " + type.getSimpleName();
    }

    /** A record class's components and canonical constructor, looked up once. */
    private static final class Shape {
        final RecordComponent[] components;
        final Constructor<?> constructor;

        Shape(Class<?> type) {
            components = type.getRecordComponents();
            Class<?>[] parameterTypes = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                parameterTypes[i] = components[i].getType();
            }
            try {
                constructor = type.getDeclaredConstructor(parameterTypes);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type + " has no canonical constructor", e);
            }
        }

        Object get(RecordComponent component, Record value) {
            try {
                return component.getAccessor().invoke(value);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new ProtocolException("cannot encode " + value.getClass().getSimpleName() + "." + component.getName(), e);
            }
        }

        Object create(Object[] arguments, String path) {
            try {
                return constructor.newInstance(arguments);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                throw new ProtocolException(path + " is refused: " + (cause.getMessage() == null ? cause.toString() : cause.getMessage()));
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                throw new ProtocolException(path + " cannot be made: " + e.getMessage());
            }
        }
    }
}
