package dev.rt.supervisor.log;

import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarFile;

/**
 * {@code logger.formatters.path}: a jar whose manifest names a class in {@code Rt-Log-Formatters}. The class
 * has a public no-argument constructor and either or both of
 * {@code public Map<String, Object> level(String label, int number)} (replaces {@code {"level": number}})
 * and {@code public Map<String, Object> bindings(Map<String, Object> bindings)} (replaces
 * {@code {"pid", "hostname"}} and the {@code base} fields). Only JDK types: the jar needs nothing of rt.
 * They shape the lines rt writes itself; a worker's own JSON lines pass through as they are.
 */
final class Formatters {
    static final String MANIFEST_ATTRIBUTE = "Rt-Log-Formatters";
    private static final String POINTER = "/logger/formatters/path";

    private final Object instance;
    private final Optional<Method> level;
    private final Optional<Method> bindings;

    private Formatters(Object instance, Optional<Method> level, Optional<Method> bindings) {
        this.instance = instance;
        this.level = level;
        this.bindings = bindings;
    }

    static Optional<Formatters> load(Optional<String> path, Path configDir) {
        return path.map(p -> load(configDir.resolve(p)));
    }

    private static Formatters load(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw invalid(jar, "no such file (it must be a jar whose manifest names the class in "
                    + MANIFEST_ATTRIBUTE + "; JavaScript files cannot be loaded)");
        }
        String className;
        try (JarFile file = new JarFile(jar.toFile())) {
            className = file.getManifest() == null ? null : file.getManifest().getMainAttributes().getValue(MANIFEST_ATTRIBUTE);
        } catch (IOException e) {
            throw invalid(jar, "not a jar (" + e.getMessage() + "); JavaScript files cannot be loaded");
        }
        if (className == null) {
            throw invalid(jar, "its manifest has no " + MANIFEST_ATTRIBUTE + " attribute naming the formatters class");
        }
        try {
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, Formatters.class.getClassLoader());
            Class<?> type = Class.forName(className, true, loader);
            Object instance = type.getConstructor().newInstance();
            Optional<Method> level = method(type, "level", String.class, int.class);
            Optional<Method> bindings = method(type, "bindings", Map.class);
            if (level.isEmpty() && bindings.isEmpty()) {
                throw invalid(jar, className + " has neither level(String, int) nor bindings(Map) returning a Map");
            }
            return new Formatters(instance, level, bindings);
        } catch (ReflectiveOperationException | LinkageError | IOException e) {
            throw invalid(jar, "cannot instantiate " + className + ": " + e);
        }
    }

    private static Optional<Method> method(Class<?> type, String name, Class<?>... parameters) {
        try {
            Method method = type.getMethod(name, parameters);
            return Map.class.isAssignableFrom(method.getReturnType()) ? Optional.of(method) : Optional.empty();
        } catch (NoSuchMethodException e) {
            return Optional.empty();
        }
    }

    Map<String, Object> level(String label, int number) {
        Map<String, Object> plain = Map.of("level", number);
        return level.map(m -> call(m, label, number)).orElse(plain);
    }

    Map<String, Object> bindings(Map<String, Object> plain) {
        return bindings.map(m -> call(m, new LinkedHashMap<>(plain))).orElse(plain);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> call(Method method, Object... arguments) {
        try {
            Object result = method.invoke(instance, arguments);
            return result == null ? Map.of() : (Map<String, Object>) result;
        } catch (IllegalAccessException | InvocationTargetException | ClassCastException e) {
            return Map.of("formatterError", method.getName() + ": " + (e.getCause() != null ? e.getCause() : e));
        }
    }

    private static ConfigException invalid(Path jar, String what) {
        return new ConfigException(ErrorCode.CONFIG_INVALID, POINTER + ": " + jar + ": " + what);
    }
}
