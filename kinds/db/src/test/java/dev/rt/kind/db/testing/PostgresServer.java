package dev.rt.kind.db.testing;

import dev.rt.kind.testing.TestPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;

/**
 * A private PostgreSQL: {@code initdb} into a fresh directory, {@code pg_ctl start -w} on a free port of 127.0.0.1
 * (TCP only, password authentication), {@code pg_ctl stop} on close. PostgreSQL cannot be told to bind port 0: when
 * another program took the port first, it starts again on another ({@link TestPorts#startRetrying}). PostgreSQL
 * refuses to run as root: under root its programs run as the {@code postgres} user that Debian's package creates.
 */
final class PostgresServer implements DatabaseServer {
    private static final String SERVICE_USER = "postgres";

    private final Path home;
    private final Path data;
    private final int port;
    private boolean running;

    private PostgresServer(Path home, int port) {
        this.home = home;
        this.data = home.resolve("data");
        this.port = port;
    }

    static PostgresServer start(Path home) {
        try {
            Files.createDirectories(home);
            Files.writeString(home.resolve("password"), PASSWORD + "\n");
            if (ServerProcess.isRoot()) {
                UserPrincipalLookupService users = home.getFileSystem().getUserPrincipalLookupService();
                Files.setOwner(home, users.lookupPrincipalByName(SERVICE_USER));
                Files.setOwner(home.resolve("password"), users.lookupPrincipalByName(SERVICE_USER));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + home + " for PostgreSQL", e);
        }
        Path log = home.resolve("setup.log");
        List<String> initdb = new ArrayList<>(ServerProcess.asUser(SERVICE_USER));
        initdb.addAll(List.of(Programs.find("initdb").toString(), "-D", home.resolve("data").toString(), "-U", USER,
                "--pwfile=" + home.resolve("password"), "--auth=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8",
                "--no-sync"));
        ServerProcess.run(initdb, log, 120);
        try {
            return TestPorts.startRetrying(3, port -> {
                PostgresServer server = new PostgresServer(home, port);
                server.startServer();
                return server;
            });
        } catch (Exception e) {
            ServerProcess.deleteTree(home);
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
    }

    /** Starts the server on its port; when it cannot, stops what started and says why with the server's log. */
    private void startServer() {
        Path serverLog = home.resolve("server-" + port + ".log"); // one per attempt: its failure is its own
        List<String> command = new ArrayList<>(ServerProcess.asUser(SERVICE_USER));
        command.addAll(List.of(Programs.find("pg_ctl").toString(), "-D", data.toString(), "-l",
                serverLog.toString(), "-w", "-t", "120", "-o",
                "-p " + port + " -h 127.0.0.1 -k '' -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                        + " -c max_connections=200", "start"));
        running = true;
        try {
            ServerProcess.run(command, home.resolve("setup.log"), 150);
        } catch (IllegalStateException e) {
            IllegalStateException failed = new IllegalStateException(e.getMessage() + "\nserver log:\n"
                    + ServerProcess.tail(serverLog), e);
            try {
                stop();
            } catch (IllegalStateException stopFailed) {
                failed.addSuppressed(stopFailed);
            }
            throw failed;
        }
    }

    @Override
    public Engine engine() {
        return Engine.POSTGRES;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    @Override
    public String connectionString(String database) {
        return "postgres://" + USER + ":" + PASSWORD + "@127.0.0.1:" + port + "/" + database;
    }

    @Override
    public String adminDatabase() {
        return "postgres";
    }

    @Override
    public synchronized void close() {
        if (!running) {
            return;
        }
        try {
            stop();
        } finally {
            ServerProcess.deleteTree(home);
        }
    }

    /** {@code pg_ctl stop}, keeping the data directory. */
    private void stop() {
        running = false;
        List<String> command = new ArrayList<>(ServerProcess.asUser(SERVICE_USER));
        command.addAll(List.of(Programs.find("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "-w",
                "-t", "60", "stop"));
        ServerProcess.run(command, home.resolve("setup.log"), 90);
    }
}
