package dev.rt.kind.service.plugin;

import dev.rt.kind.KindException;
import dev.rt.service.ServicePlugin;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Instantiates each plugin class (public, with a public no-argument constructor, implementing
 * {@link ServicePlugin}) and lets it register, within {@code server.pluginTimeout}. Any failure stops the start with
 * a message naming the configuration entry, the plugin and what to do.
 */
final class PluginLoader {
    private final ClassLoader loader;
    private final Duration timeout;

    PluginLoader(ClassLoader loader, Duration timeout) {
        this.loader = loader;
        this.timeout = timeout;
    }

    /** The plugin instance; the class is checked and constructed, nothing else. */
    ServicePlugin instantiate(String pointer, String className) {
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw KindException.at(pointer, "plugin " + className + " cannot be loaded (" + e + "); check that its jar"
                    + " or class directory is the one configured and was built");
        }
        if (!ServicePlugin.class.isAssignableFrom(type)) {
            throw KindException.at(pointer, "plugin " + className + " does not implement " + ServicePlugin.class.getName()
                    + "; implement it, or remove the class from META-INF/services/" + ServicesFile.PLUGIN);
        }
        try {
            Constructor<?> constructor = type.getConstructor();
            return (ServicePlugin) constructor.newInstance();
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw KindException.at(pointer, "plugin " + className + " has no public no-argument constructor; add one");
        } catch (InvocationTargetException | InstantiationException | ExceptionInInitializerError e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            cause.printStackTrace();
            throw KindException.at(pointer, "plugin " + className + " threw while being created: " + cause
                    + " (its stack trace is on the worker's stderr); fix the plugin");
        }
    }

    /** Runs the plugin's {@code register} on a thread of its own, waiting {@code pluginTimeout} at most. */
    void register(String pointer, String className, ServicePlugin plugin, PluginScope scope) {
        FutureTask<Void> task = new FutureTask<>(() -> {
            plugin.register(scope);
            return null;
        });
        Thread thread = new Thread(task, "rt-plugin-" + className);
        thread.setDaemon(true);
        thread.setContextClassLoader(loader);
        thread.start();
        try {
            if (timeout.isZero()) {
                task.get();
            } else {
                task.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (TimeoutException e) {
            thread.interrupt();
            throw KindException.at(pointer, "plugin " + className + " did not finish registering within "
                    + timeout.toMillis() + " ms (server.pluginTimeout); make its register method return sooner, or"
                    + " raise server.pluginTimeout");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RegistrationError) {
                throw KindException.at(pointer, "plugin " + className + ": " + cause.getMessage());
            }
            cause.printStackTrace();
            throw KindException.at(pointer, "plugin " + className + " threw while registering: " + cause
                    + " (its stack trace is on the worker's stderr); fix the plugin or its options");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw KindException.at(pointer, "interrupted while plugin " + className + " registered");
        }
    }
}
