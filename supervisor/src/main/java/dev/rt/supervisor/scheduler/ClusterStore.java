package dev.rt.supervisor.scheduler;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.SchedulerClusterConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;

/**
 * Quartz's clustered JDBC job store on the {@code schedulerCluster} database: a connection pool, Quartz's tables
 * (created when missing, under a lock, so that replicas starting together do not race), and the store's settings:
 * {@link ReplicaJobStore}, a misfire threshold that lets a killed replica's firings run late once it is taken for
 * dead, and a replica looking for triggers to fire every check-in interval.
 *
 * <p>A replica cut off from the database (its link down, not its process) may be holding Quartz's trigger lock, a
 * row lock of an open transaction on a TCP connection that PostgreSQL does not see die: without a packet from the
 * replica, the server learns of it only from TCP keepalive, two hours by default, and until then no replica can
 * fire anything. So every connection of the pool ends a transaction left idle for as long as Quartz takes a silent
 * replica for dead ({@code idle_in_transaction_session_timeout}, check-in interval plus 7.5 s): the server ends that
 * session and frees its locks, and the others take the cut replica's jobs over as they do a killed one's. On the
 * replica's side a call gets no answer for at most twice that ({@code socketTimeout}, unless the URL sets one): its
 * threads give up on a dead connection instead of waiting for TCP's own timeout (about 15 minutes), and take fresh
 * connections once the link is back.
 */
final class ClusterStore {
    private static final String TABLES = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";
    /** The advisory lock replicas take while they create the tables. */
    private static final long SCHEMA_LOCK = 0x7274_7363_6865_6455L;
    /** What Quartz adds to a replica's check-in interval before it takes the replica for dead. */
    private static final long FAILED_AFTER_MILLIS = 7500;
    /** Quartz's least and default {@code idleWaitTime}. */
    private static final long MIN_IDLE_WAIT_MILLIS = 1000;
    private static final long MAX_IDLE_WAIT_MILLIS = 30_000;
    private static final AtomicInteger NAMES = new AtomicInteger();

    private ClusterStore() {
    }

    /** Opens the pool, creates the tables and returns the Quartz settings of a store on them. */
    static Properties open(SchedulerClusterConfig cluster, int threads) {
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl(cluster.jdbcUrl());
        cluster.user().ifPresent(pool::setUsername);
        cluster.password().ifPresent(pool::setPassword);
        pool.setDriverClassName("org.postgresql.Driver");
        pool.setPoolName("rt-scheduler");
        pool.setMaximumPoolSize(threads + 3);
        pool.setMinimumIdle(1);
        pool.setConnectionTimeout(10_000);
        long failedAfter = cluster.checkinInterval().toMillis() + FAILED_AFTER_MILLIS;
        pool.setConnectionInitSql("SET idle_in_transaction_session_timeout = " + failedAfter);
        pool.addDataSourceProperty("socketTimeout", Long.toString((2 * failedAfter + 999) / 1000));
        HikariDataSource dataSource;
        try {
            dataSource = new HikariDataSource(pool);
        } catch (RuntimeException e) {
            throw new RtException(ErrorCode.SCHEDULER_START_FAILED, "cannot connect to the schedulerCluster database "
                    + cluster.jdbcUrl() + ": " + rootMessage(e) + " (check schedulerCluster.connectionString)", e);
        }
        try {
            createTables(dataSource);
        } catch (SQLException | IOException e) {
            dataSource.close();
            throw new RtException(ErrorCode.SCHEDULER_START_FAILED, "cannot create the scheduler's tables in "
                    + cluster.jdbcUrl() + ": " + e.getMessage(), e);
        }
        String name = "rt-scheduler-" + NAMES.incrementAndGet();
        DBConnectionManager.getInstance().addConnectionProvider(name, new ConnectionProvider() {
            @Override
            public Connection getConnection() throws SQLException {
                return dataSource.getConnection();
            }

            @Override
            public void shutdown() {
                dataSource.close();
            }

            @Override
            public void initialize() {
                // the pool is open already
            }
        });
        Properties store = new Properties();
        long checkin = cluster.checkinInterval().toMillis();
        store.setProperty("org.quartz.jobStore.class", ReplicaJobStore.class.getName());
        store.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        store.setProperty("org.quartz.jobStore.dataSource", name);
        store.setProperty("org.quartz.jobStore.tablePrefix", "QRTZ_");
        store.setProperty("org.quartz.jobStore.isClustered", "true");
        store.setProperty("org.quartz.jobStore.clusterCheckinInterval", Long.toString(checkin));
        // a killed replica's triggers come back after its check-in interval plus Quartz's 7.5 s: firings due within
        // twice that run late, once each; older ones (the whole cluster was down) are skipped
        store.setProperty("org.quartz.jobStore.misfireThreshold", Long.toString(2 * (checkin + FAILED_AFTER_MILLIS)));
        // how soon a replica looks for triggers another handed back or was relieved of
        store.setProperty("org.quartz.scheduler.idleWaitTime",
                Long.toString(Math.max(MIN_IDLE_WAIT_MILLIS, Math.min(checkin, MAX_IDLE_WAIT_MILLIS))));
        store.setProperty("org.quartz.jobStore.useProperties", "true");
        store.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        store.setProperty("org.quartz.scheduler.instanceName", cluster.name());
        store.setProperty("org.quartz.scheduler.instanceId", "AUTO");
        return store;
    }

    private static void createTables(HikariDataSource dataSource) throws SQLException, IOException {
        String script;
        try (InputStream in = ClusterStore.class.getClassLoader().getResourceAsStream(TABLES)) {
            if (in == null) {
                throw new IOException(TABLES + " is missing from Quartz's jar");
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.execute("SELECT pg_advisory_xact_lock(" + SCHEMA_LOCK + ")");
            for (String sql : script.replaceAll("(?m)^--.*$", "").split(";")) {
                String text = sql.strip();
                if (text.isEmpty() || text.toUpperCase().startsWith("DROP ") || text.equalsIgnoreCase("COMMIT")) {
                    continue;
                }
                statement.execute(text.replaceFirst("(?i)^CREATE TABLE ", "CREATE TABLE IF NOT EXISTS ")
                        .replaceFirst("(?i)^CREATE INDEX ", "CREATE INDEX IF NOT EXISTS "));
            }
            connection.commit();
        }
    }

    private static String rootMessage(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }
}
