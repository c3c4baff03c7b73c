package dev.rt.kind.java;

import dev.rt.kind.KindException;
import dev.rt.kind.WorkerContext;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/** Finds the {@code public static void main(String[])} of a wrapped application's main class. */
final class MainMethod {
    private MainMethod() {
    }

    static Method of(Class<?> type, String namedBy, WorkerContext context) {
        try {
            Method main = type.getMethod("main", String[].class);
            if (Modifier.isStatic(main.getModifiers()) && main.getReturnType() == void.class) {
                main.setAccessible(true);
                return main;
            }
        } catch (NoSuchMethodException | RuntimeException e) {
            // reported below
        }
        throw new KindException("class " + type.getName() + " named by " + namedBy + " of service \""
                + context.serviceId() + "\" has no public static void main(String[]) method;"
                + " name the class that starts the application");
    }
}
