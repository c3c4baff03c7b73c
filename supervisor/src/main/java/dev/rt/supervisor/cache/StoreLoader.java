package dev.rt.supervisor.cache;

import dev.rt.config.ErrorCode;
import dev.rt.config.HttpCacheConfig;
import dev.rt.config.RtException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * The store {@code httpCache.store} names: none, the in-memory one; {@code redis://host[:port][/database]}, Redis
 * ({@link RedisStore}); a jar (a path ending in {@code .jar}, relative
 * to the configuration), the {@link CacheStore} its {@code META-INF/services} declares; otherwise the name of a
 * class on rt's class path. A store class has a public constructor taking the {@link HttpCacheConfig}, or none.
 * A store that cannot be loaded stops the start with a message naming the setting.
 */
final class StoreLoader {
    private static final String POINTER = "/httpCache/store";

    private StoreLoader() {
    }

    static CacheStore load(HttpCacheConfig config, Path root) {
        if (config.store().isEmpty() || config.store().get().isBlank()) {
            return new MemoryStore(CacheLimits.of(config));
        }
        String store = config.store().get().strip();
        if (store.regionMatches(true, 0, "redis://", 0, 8)) {
            URI uri;
            try {
                uri = new URI(store);
            } catch (URISyntaxException e) {
                throw failure(store + " is not a URL: " + e.getMessage(), e);
            }
            String path = uri.getPath() == null ? "" : uri.getPath().replace("/", "");
            if (uri.getHost() == null || !path.chars().allMatch(Character::isDigit)) {
                throw failure(store + " is not redis://host[:port][/database]", null);
            }
            return new RedisStore(uri, CacheLimits.of(config));
        }
        if (store.endsWith(".jar")) {
            return fromJar(config, root.resolve(store).normalize());
        }
        try {
            return instantiate(Class.forName(store, true, StoreLoader.class.getClassLoader()), config);
        } catch (ClassNotFoundException e) {
            throw failure("the class " + store + " is not on rt's class path (name a jar to load it from)", e);
        }
    }

    private static CacheStore fromJar(HttpCacheConfig config, Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw failure("the jar " + jar + " does not exist", null);
        }
        try {
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, StoreLoader.class.getClassLoader());
            Iterator<ServiceLoader.Provider<CacheStore>> found = ServiceLoader.load(CacheStore.class, loader).stream()
                    .iterator();
            if (!found.hasNext()) {
                throw failure("the jar " + jar + " declares no " + CacheStore.class.getName()
                        + " in META-INF/services", null);
            }
            return instantiate(found.next().type(), config);
        } catch (MalformedURLException | java.util.ServiceConfigurationError e) {
            throw failure("cannot load a store from " + jar + ": " + e.getMessage(), e);
        }
    }

    private static CacheStore instantiate(Class<?> type, HttpCacheConfig config) {
        if (!CacheStore.class.isAssignableFrom(type)) {
            throw failure(type.getName() + " does not implement " + CacheStore.class.getName(), null);
        }
        try {
            try {
                Constructor<?> withConfig = type.getConstructor(HttpCacheConfig.class);
                return (CacheStore) withConfig.newInstance(config);
            } catch (NoSuchMethodException e) {
                return (CacheStore) type.getConstructor().newInstance();
            }
        } catch (NoSuchMethodException e) {
            throw failure(type.getName() + " has no public constructor taking an HttpCacheConfig, or none", e);
        } catch (InvocationTargetException e) {
            throw failure(type.getName() + " failed to start: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | LinkageError e) {
            throw failure("cannot create " + type.getName() + ": " + e, e);
        }
    }

    private static RtException failure(String message, Throwable cause) {
        return new RtException(ErrorCode.CONFIG_INVALID, POINTER + ": cannot load the HTTP cache store: " + message, cause);
    }
}
