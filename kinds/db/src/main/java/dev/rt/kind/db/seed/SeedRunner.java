package dev.rt.kind.db.seed;

import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import dev.rt.kind.db.sql.Entities;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;

/**
 * {@code rt db seed <file>}: compiles a Java source file whose first class declares
 * {@code public static void seed(Entities entities, DataSource db, KindLog logger)}, and calls it.
 */
public final class SeedRunner {
    private SeedRunner() {
    }

    public static void run(Path file, Entities entities, KindLog log) {
        if (!Files.isRegularFile(file)) {
            throw new KindException("Missing seed file: " + file + " does not exist");
        }
        log.info("Seeding from " + file);
        Class<?> seed = SeedCompiler.compile(file, List.of(Entities.class, KindLog.class, SeedRunner.class));
        Method method;
        try {
            method = seed.getMethod("seed", Entities.class, DataSource.class, KindLog.class);
        } catch (NoSuchMethodException e) {
            method = null;
        }
        if (method == null || !Modifier.isStatic(method.getModifiers())) {
            throw new KindException("Cannot find seed function in " + file + ": its class " + seed.getName()
                    + " must declare public static void seed(Entities entities, DataSource db, KindLog logger)"
                    + " (imports: dev.rt.kind.db.sql.Entities, javax.sql.DataSource, dev.rt.kind.KindLog)");
        }
        try {
            method.setAccessible(true);
            method.invoke(null, entities, entities.dataSource(), log);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new KindException("the seed " + file.getFileName() + " failed: " + cause, cause);
        } catch (IllegalAccessException e) {
            throw new KindException("cannot call the seed of " + file + ": " + e.getMessage());
        }
        log.info("Seeding complete.");
    }
}
