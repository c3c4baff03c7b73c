package dev.rt.kind.db.testing;

import dev.rt.kind.testing.TestPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private MariaDB: {@code mariadb-install-db} into a fresh directory, {@code mariadbd} on a free port of 127.0.0.1
 * with its socket and pid file inside that directory, and the tests' user created by an init file. Ready once a
 * JDBC connection as that user reaches this server (its socket is the one in that directory: another test's MariaDB
 * may answer on a port this one could not bind); stopped with SIGTERM (a clean shutdown), killed if it does not end.
 * {@code mariadbd} cannot be told to bind port 0: when another program took the port first, it starts again on
 * another ({@link TestPorts#startRetrying}).
 */
final class MariaDbServer implements DatabaseServer {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Path home;
    private final int port;
    private final Process process;

    private MariaDbServer(Path home, int port, Process process) {
        this.home = home;
        this.port = port;
        this.process = process;
    }

    static MariaDbServer start(Path home) {
        Path data = home.resolve("data");
        Path init = home.resolve("init.sql");
        try {
            Files.createDirectories(home);
            Files.writeString(init, "CREATE USER IF NOT EXISTS '" + USER + "'@'%' IDENTIFIED BY '" + PASSWORD + "';\n"
                    + "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'%' WITH GRANT OPTION;\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + home + " for MariaDB", e);
        }
        List<String> user = ServerProcess.isRoot() ? List.of("--user=root") : List.of();
        List<String> install = new ArrayList<>(List.of(Programs.find("mariadb-install-db").toString(), "--no-defaults",
                "--datadir=" + data, "--auth-root-authentication-method=normal", "--skip-test-db"));
        install.addAll(user);
        ServerProcess.run(install, home.resolve("setup.log"), 180);
        try {
            return TestPorts.startRetrying(3, port -> launch(home, data, init, user, port));
        } catch (Exception e) {
            ServerProcess.deleteTree(home);
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
    }

    /** {@code mariadbd} on that port, once it accepts connections; stopped again when it does not. */
    private static MariaDbServer launch(Path home, Path data, Path init, List<String> user, int port) {
        List<String> server = new ArrayList<>(List.of(Programs.find("mariadbd").toString(), "--no-defaults",
                "--datadir=" + data, "--port=" + port, "--bind-address=127.0.0.1", "--socket=" + home.resolve("sock"),
                "--pid-file=" + home.resolve("mariadbd.pid"), "--init-file=" + init, "--skip-log-bin",
                "--innodb-buffer-pool-size=64M", "--innodb-log-file-size=16M", "--innodb-flush-log-at-trx-commit=0",
                "--skip-name-resolve", "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci",
                "--max-connections=300"));
        server.addAll(user);
        Process process = ServerProcess.start(server, home.resolve("server-" + port + ".log"));
        MariaDbServer started = new MariaDbServer(home, port, process);
        try {
            started.awaitConnections();
        } catch (RuntimeException e) {
            started.stop();
            throw e;
        }
        return started;
    }

    /** Waits until the tests' user can connect: the server is up and has run its init file. */
    private void awaitConnections() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("mariadbd exited with " + process.exitValue() + " while starting:\n"
                        + ServerProcess.tail(home.resolve("server-" + port + ".log")));
            }
            try (Connection connection = DriverManager.getConnection(jdbcUrl(adminDatabase()) + "?connectTimeout=2000",
                    USER, PASSWORD); Statement statement = connection.createStatement();
                    ResultSet socket = statement.executeQuery("SELECT @@socket")) {
                socket.next();
                if (!home.resolve("sock").toString().equals(socket.getString(1))) {
                    throw new IllegalStateException("another MariaDB (socket " + socket.getString(1) + ") answers on port "
                            + port + ": Address already in use");
                }
                return;
            } catch (SQLException e) {
                last = e;
            }
            try {
                // between two connection attempts; the server ends this wait early when it dies
                process.waitFor(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while MariaDB started", e);
            }
        }
        throw new IllegalStateException("MariaDB did not accept connections on port " + port + " within "
                + START_TIMEOUT.toSeconds() + " s (last error: " + (last == null ? "none" : last.getMessage()) + "):\n"
                + ServerProcess.tail(home.resolve("server-" + port + ".log")));
    }

    @Override
    public Engine engine() {
        return Engine.MARIADB;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String jdbcUrl(String database) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
    }

    @Override
    public String connectionString(String database) {
        return "mysql://" + USER + ":" + PASSWORD + "@127.0.0.1:" + port + "/" + database;
    }

    @Override
    public String adminDatabase() {
        return "mysql";
    }

    @Override
    public synchronized void close() {
        stop();
        ServerProcess.deleteTree(home);
    }

    /** SIGTERM, then SIGKILL if it has not ended within a minute; the data directory stays. */
    private void stop() {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
