package dev.rt.deploy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A manifest read as the Kubernetes API's model classes (fabric8's {@code kubernetes-model}, generated from the API's
 * OpenAPI schemas) would accept it, strictly: a value of the wrong type fails the parse (no scalar coerced: a number
 * where the API wants a string, as an unquoted annotation, is refused as the API server refuses it), and a field the schema does
 * not know, which those classes keep in their {@code additionalProperties} rather than refuse, is reported with its
 * path.
 */
final class StrictModel {
    private static final ObjectMapper YAML = strict();

    private static ObjectMapper strict() {
        ObjectMapper mapper = JsonMapper.builder(new YAMLFactory()).disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS).build();
        // a number or a boolean where the API wants a string (an annotation's value) is refused, as the API server does
        for (CoercionInputShape shape : List.of(CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean)) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
        return mapper;
    }

    private StrictModel() {
    }

    /** {@code file} as {@code type}; fails on a wrong type or any field the schema lacks. */
    static <T extends KubernetesResource> T read(Path file, Class<T> type) throws IOException {
        T resource = YAML.readValue(file.toFile(), type);
        List<String> unknown = new ArrayList<>();
        walk(resource, "", unknown, new IdentityHashMap<>());
        if (!unknown.isEmpty()) {
            throw new AssertionError(file + ": fields the Kubernetes schema does not have: " + unknown);
        }
        return resource;
    }

    private static void walk(Object value, String path, List<String> unknown, Map<Object, Boolean> seen) {
        if (value == null || seen.put(value, true) != null) {
            return;
        }
        if (value instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                walk(item, path + "/" + i++, unknown, seen);
            }
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, item) -> walk(item, path + "/" + key, unknown, seen));
            return;
        }
        if (!value.getClass().getPackageName().startsWith("io.fabric8.kubernetes.api.model")) {
            return;
        }
        for (Method getter : value.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || !getter.getName().startsWith("get")
                    || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            try {
                Object field = getter.invoke(value);
                if (getter.getName().equals("getAdditionalProperties")) {
                    ((Map<?, ?>) field).keySet().forEach(key -> unknown.add(path + "/" + key));
                } else {
                    walk(field, path + "/" + getter.getName().substring(3), unknown, seen);
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
