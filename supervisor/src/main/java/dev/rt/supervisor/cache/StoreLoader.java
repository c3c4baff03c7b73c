package dev.rt.supervisor.cache;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.HttpCacheConfig;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.log.RuntimeLog;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.LongAdder;

/**
 * The store {@code httpCache.store} names: none, the in-memory one; {@code redis://} or {@code rediss://}, Redis
 * ({@link RedisAddress}, {@link RedisStore}); a jar (a path ending in {@code .jar}, relative
 * to the configuration), the {@link CacheStore} its {@code META-INF/services} declares; otherwise the name of a
 * class on rt's class path. A store class has a public constructor taking the {@link HttpCacheConfig}, or none.
 * A store that cannot be loaded stops the start with a message naming the setting.
 */
final class StoreLoader {
    private static final String POINTER = "/httpCache/store";

    private StoreLoader() {
    }

    /**
     * @param errors counts the failures of a store that reports them (Redis)
     * @param log    where such a store says that it fails
     */
    static CacheStore load(HttpCacheConfig config, Path root, LongAdder errors, RuntimeLog log) {
        if (config.store().isEmpty() || config.store().get().isBlank()) {
            return new MemoryStore(CacheLimits.of(config));
        }
        String store = config.store().get().strip();
        if (RedisAddress.names(store)) {
            RedisAddress address;
            try {
                address = RedisAddress.parse(store, root);
            } catch (IllegalArgumentException e) {
                throw failure(e.getMessage(), null);
            }
            try {
                return RedisStore.open(address, CacheLimits.of(config),
                        new StoreFailures(errors, log, address.shown()), log);
            } catch (RedisConnection.RefusedException e) {
                throw failure(e.getMessage(), null);
            }
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
