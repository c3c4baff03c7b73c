package dev.rt.kind.java;

import dev.rt.kind.KindException;
import dev.rt.kind.WorkerContext;

/** Loads a class named by the service configuration, turning every way that can fail into a clear start failure. */
final class ApplicationClass {
    private ApplicationClass() {
    }

    /**
     * @param namedBy what named the class, for messages: {@code java.build}, {@code the Main-Class of app.jar}
     * @param hint    what to check when it is missing
     */
    static Class<?> load(String className, String namedBy, ClassLoader loader, WorkerContext context, String hint) {
        try {
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new KindException("class " + className + " named by " + namedBy
                    + " was not found on the classpath of service \"" + context.serviceId() + "\" (" + hint + ")");
        } catch (LinkageError e) {
            throw new KindException("class " + className + " named by " + namedBy
                    + " could not be loaded for service \"" + context.serviceId() + "\": " + e + " (" + hint + ")");
        }
    }
}
