package dev.rt.kind.db.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The tests' databases. The PostgreSQL and MariaDB servers start once per test JVM, on first use, each on a private
 * port and data directory under {@code target/}; every test class that asks gets a fresh database on them. The
 * servers stop when the test run ends, passed or failed (this extension hands them to JUnit's root store, which
 * closes them), and a shutdown hook stops them if the JVM ends another way.
 */
public final class TestDatabases implements BeforeAllCallback {
    private static final Path ROOT = Path.of("target", "test-databases").toAbsolutePath();
    private static final Map<Engine, DatabaseServer> SERVERS = new EnumMap<>(Engine.class);
    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final AutoCloseable STOP_ALL = TestDatabases::stopAll;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(TestDatabases::stopAll, "test-databases-stop"));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(ExtensionContext.Namespace.create(TestDatabases.class))
                .getOrComputeIfAbsent("servers", key -> STOP_ALL, AutoCloseable.class);
    }

    /** A fresh, empty database of that engine, and a fresh directory beside it. */
    public static TestDatabase fresh(Engine engine) {
        int n = NEXT.incrementAndGet();
        Path directory;
        try { // a new directory even when an earlier run's process had this pid and left its files
            directory = Files.createTempDirectory(Files.createDirectories(ROOT), "files-" + n + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (engine == Engine.SQLITE) {
            Path file = directory.resolve("db.sqlite");
            return new TestDatabase(engine, "sqlite://" + file, "jdbc:sqlite:" + file, directory);
        }
        DatabaseServer server = server(engine);
        String name = "t" + n;
        server.createDatabase(name);
        return new TestDatabase(engine, server.connectionString(name), server.jdbcUrl(name), directory);
    }

    /** The running server of that engine, started on first use. */
    public static synchronized DatabaseServer server(Engine engine) {
        return SERVERS.computeIfAbsent(engine, e -> {
            Path home = ROOT.resolve(e.name().toLowerCase() + "-" + ProcessHandle.current().pid());
            ServerProcess.deleteTree(home);
            return switch (e) {
                case POSTGRES -> PostgresServer.start(home);
                case MARIADB -> MariaDbServer.start(home);
                case SQLITE -> throw new IllegalArgumentException("SQLite has no server");
            };
        });
    }

    private static synchronized void stopAll() {
        for (DatabaseServer server : SERVERS.values()) {
            try {
                server.close();
            } catch (RuntimeException e) {
                System.err.println("could not stop the test " + server.engine() + " server: " + e.getMessage());
            }
        }
        SERVERS.clear();
    }
}
