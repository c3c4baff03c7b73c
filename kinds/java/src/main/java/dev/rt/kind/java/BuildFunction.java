package dev.rt.kind.java;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.kind.KindException;
import dev.rt.kind.WorkerContext;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The application's {@code public static build()} (or, failing that, {@code create()}) named by
 * {@code java.build}: calls it and checks that it returns a {@link HttpHandler}.
 */
final class BuildFunction {
    private static final String KEY = "java.build";

    private BuildFunction() {
    }

    static HttpHandler handlerOf(String className, ClassLoader loader, WorkerContext context) {
        Class<?> type = ApplicationClass.load(className, KEY, loader, context,
                "check java.classpath in " + context.serviceDirectory());
        Method method = find(type).orElseThrow(() -> new KindException("class " + className + " named by "
                + KEY + " of service \"" + context.serviceId() + "\" has no public static build() or create() method;"
                + " add one that returns a " + HttpHandler.class.getName()));
        String call = className + "." + method.getName() + "()";
        Object result = invoke(method, call, context);
        if (result instanceof HttpHandler handler) {
            return handler;
        }
        throw new KindException(call + " of service \"" + context.serviceId() + "\" returned "
                + (result == null ? "null" : result.getClass().getName()) + ", expected a "
                + HttpHandler.class.getName() + "; return the handler that serves the service's requests");
    }

    static Optional<Method> find(Class<?> type) {
        return Stream.of("build", "create")
                .flatMap(name -> publicNoArg(type, name).stream())
                .filter(method -> Modifier.isStatic(method.getModifiers()))
                .findFirst();
    }

    private static Optional<Method> publicNoArg(Class<?> type, String name) {
        try {
            return Optional.of(type.getMethod(name));
        } catch (NoSuchMethodException e) {
            return Optional.empty();
        }
    }

    private static Object invoke(Method method, String call, WorkerContext context) {
        Throwable failure;
        try {
            method.setAccessible(true);
            return method.invoke(null);
        } catch (InvocationTargetException e) {
            failure = e.getCause();
        } catch (ExceptionInInitializerError e) {
            failure = e.getCause() == null ? e : e.getCause();
        } catch (IllegalAccessException | RuntimeException e) {
            throw new KindException(call + " of service \"" + context.serviceId() + "\" cannot be called: "
                    + e + "; make the class and the method public");
        }
        failure.printStackTrace();
        throw new KindException(call + " of service \"" + context.serviceId() + "\" threw " + failure
                + " (its stack trace is on the worker's stderr); fix the application or its configuration");
    }
}
