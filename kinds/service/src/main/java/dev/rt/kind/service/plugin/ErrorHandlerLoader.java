package dev.rt.kind.service.plugin;

import dev.rt.kind.KindException;
import dev.rt.service.ErrorHandler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code server.errorHandler}: a jar or class directory (relative to the configuration file) whose
 * {@code META-INF/services/dev.rt.service.ErrorHandler} names the class, or a class name on the service's class
 * path. The class implements {@link ErrorHandler} and has a public no-argument constructor.
 */
public final class ErrorHandlerLoader {
    static final String POINTER = "/server/errorHandler";

    private ErrorHandlerLoader() {
    }

    /** The jar or directory to put on the class path, when the setting names one. */
    public static Optional<Path> location(Path directory, String value) {
        Path path = directory.resolve(value).normalize();
        if (Files.exists(path)) {
            return Optional.of(path);
        }
        if (value.endsWith(".jar") || value.contains("/")) {
            throw KindException.at(POINTER, "\"" + value + "\" does not exist (looked for " + path + "); build it or fix"
                    + " the path");
        }
        return Optional.empty();
    }

    /** The class name the setting means. */
    static String className(Path directory, String value) {
        Optional<Path> location = location(directory, value);
        if (location.isEmpty()) {
            return value;
        }
        List<String> names;
        try {
            names = ServicesFile.classes(location.get(), ServicesFile.ERROR_HANDLER);
        } catch (IOException e) {
            throw KindException.at(POINTER, "cannot read " + location.get() + ": " + e.getMessage());
        }
        if (names.size() != 1) {
            throw KindException.at(POINTER, location.get() + " must name exactly one class in META-INF/services/"
                    + ServicesFile.ERROR_HANDLER + ", found " + names.size() + "; list the error handler class there");
        }
        return names.get(0);
    }

    static ErrorHandler load(Path directory, String value, ClassLoader loader) {
        String name = className(directory, value);
        try {
            Class<?> type = Class.forName(name, true, loader);
            if (!ErrorHandler.class.isAssignableFrom(type)) {
                throw KindException.at(POINTER, "class " + name + " does not implement " + ErrorHandler.class.getName()
                        + "; implement it");
            }
            return (ErrorHandler) type.getConstructor().newInstance();
        } catch (ClassNotFoundException | LinkageError e) {
            throw KindException.at(POINTER, "the error handler class " + name + " cannot be loaded (" + e + "); name a"
                    + " jar or class directory that holds it, or a class on the service's class path");
        } catch (ReflectiveOperationException e) {
            throw KindException.at(POINTER, "the error handler " + name + " cannot be created (" + e
                    + "); give it a public no-argument constructor");
        }
    }
}
