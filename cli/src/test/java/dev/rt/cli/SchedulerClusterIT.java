package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.rt.cli.e2e.CuttableLink;
import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.db.testing.DatabaseServer;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two replicas of one runtime (two rt processes with the same configuration) against one real PostgreSQL: a job
 * that fires every 3 s is called once every 3 s, not once per replica; when the replica holding the next firing
 * stops (SIGTERM) the other fires on without a firing missed, and when one is killed (SIGKILL) the other takes its
 * firings over and runs the ones held back meanwhile, late, once each. A replica cut off from the database while it
 * holds Quartz's trigger lock (its link pulled, not its process: PostgreSQL sees an open connection idle in a
 * transaction) stops the other for no longer than a dead replica would, fires nothing twice, and fires again once
 * its link is back.
 */
@ExtendWith(TestDatabases.class)
class SchedulerClusterIT extends ManagedRuntimes {
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final int CHECKIN_MILLIS = 1000;
    /** The job's period: firings every second arrived up to 1.6 s late at a load of 20, every 3 s within theirs. */
    private static final long PERIOD_MILLIS = 3000;

    private record Call(String replica, long arrivedMillis, String attempt) {
    }

    private final List<Call> calls = new ArrayList<>();
    private final Map<String, RtProcess> replicas = new HashMap<>();
    private String config;

    @Test
    void eachFiringRunsOnceOnOneReplicaAndAStoppedOrKilledReplicaCostsNoFiring() throws Exception {
        DatabaseServer postgres = TestDatabases.server(Engine.POSTGRES);
        postgres.createDatabase("scheduler_cluster");
        HttpServer target = tickTarget();
        try {
            config = config(target, postgres.connectionString("scheduler_cluster"));
            startReplica("a");
            startReplica("b");
            long bothUp = System.currentTimeMillis();
            List<Call> together = await(call -> call.arrivedMillis() > bothUp, 4);
            assertNoneMissedNorDoubled(together.get(0), together.get(together.size() - 1));

            // the replica that fired last has acquired the next firing at once (the other looks once a check-in
            // interval): stopping it must hand that firing back rather than leave it to the dead-replica timeout
            String stopping = lastCaller();
            String survivor = other(stopping);
            Call beforeStop = lastCall();
            replicas.get(stopping).terminate();
            assertThat(replicas.get(stopping).awaitExit(START)).isZero();
            long stopped = System.currentTimeMillis();
            List<Call> afterStop = await(call -> call.arrivedMillis() > stopped && call.replica().equals(survivor), 2);
            assertNoneMissedNorDoubled(beforeStop, afterStop.get(afterStop.size() - 1));

            startReplica(stopping);
            long restarted = System.currentTimeMillis();
            await(call -> call.arrivedMillis() > restarted, 2);
            String victim = lastCaller();
            Call beforeKill = lastCall();
            replicas.get(victim).process().destroyForcibly().onExit().join();
            long killed = System.currentTimeMillis();
            // Quartz takes the victim for dead checkinInterval + 7.5 s after its last check-in; the firings due
            // meanwhile then run at once, late: the calls a period after the first of the survivor's are on time
            Call takeover = await(call -> call.arrivedMillis() > killed + 500
                    && call.replica().equals(other(victim)), 1).get(0);
            List<Call> afterKill = await(call -> call.arrivedMillis() > takeover.arrivedMillis() + PERIOD_MILLIS, 2);
            System.out.printf("SchedulerClusterIT: the survivor took over %d ms after the kill%n",
                    takeover.arrivedMillis() - killed);
            assertThat(takeover.arrivedMillis() - killed).isLessThan(2L * (CHECKIN_MILLIS + 7500));
            assertNoneMissedNorDoubled(beforeKill, afterKill.get(afterKill.size() - 1));
            synchronized (calls) {
                assertThat(calls.stream().filter(c -> c.arrivedMillis() > killed + 1000))
                        .allMatch(c -> c.replica().equals(other(victim)));
            }
        } finally {
            target.stop(0);
        }
    }

    @Test
    void aReplicaCutOffWhileHoldingTheTriggerLockStopsTheOtherNoLongerThanADeadOneAndRejoins() throws Exception {
        DatabaseServer postgres = TestDatabases.server(Engine.POSTGRES);
        postgres.createDatabase("scheduler_cut");
        HttpServer target = tickTarget();
        try (CuttableLink link = new CuttableLink(postgres.port())) {
            config = config(target, postgres.connectionString("scheduler_cut"));
            startReplica("a");
            config = config(target, postgres.connectionString("scheduler_cut")
                    .replace(":" + postgres.port() + "/", ":" + link.port() + "/"));
            startReplica("b");
            long bothUp = System.currentTimeMillis();
            await(call -> call.arrivedMillis() > bothUp && call.replica().equals("b"), 1);
            Call beforeCut = await(call -> call.arrivedMillis() > bothUp && call.replica().equals("a"), 1).get(0);

            link.cutAfter("TRIGGER_ACCESS");
            assertThat(link.awaitCut(WAIT)).isTrue();
            long cut = System.currentTimeMillis();
            assertThat(idleInTransaction(postgres)).as("b's session holding the lock, idle in its transaction")
                    .isEqualTo(1);
            // the server ends b's transaction once idle checkinInterval + 7.5 s, as Quartz takes b for dead then; the
            // firings held back meanwhile run late, once each, and a fires every firing after that
            Call takeover = await(call -> call.arrivedMillis() > cut && call.replica().equals("a"), 1).get(0);
            await(call -> call.arrivedMillis() > takeover.arrivedMillis() + PERIOD_MILLIS, 2);
            System.out.printf("SchedulerClusterIT: the other replica fired again %d ms after the cut%n",
                    takeover.arrivedMillis() - cut);
            assertThat(takeover.arrivedMillis() - cut).isLessThan(2L * (CHECKIN_MILLIS + 7500));
            synchronized (calls) {
                assertThat(calls.stream().filter(c -> c.arrivedMillis() > cut + 1000)).allMatch(c -> c.replica()
                        .equals("a"));
            }

            link.restore();
            long restored = System.currentTimeMillis();
            Call rejoined = await(call -> call.arrivedMillis() > restored && call.replica().equals("b"), 1).get(0);
            List<Call> afterRejoin = await(call -> call.arrivedMillis() > rejoined.arrivedMillis() + PERIOD_MILLIS, 2);
            System.out.printf("SchedulerClusterIT: the cut replica fired again %d ms after its link came back%n",
                    rejoined.arrivedMillis() - restored);
            // a firing due while a late one runs is skipped (rt's policy for runs that overlap), which a load can
            // make happen in the catch-up after the stall: none doubled is asserted, the missed are printed
            long missed = missed(beforeCut, afterRejoin.get(afterRejoin.size() - 1));
            System.out.printf("SchedulerClusterIT: across the cut %d firings missed%n", missed);
            assertThat(missed).as("a negative count is firings run twice: " + calls).isNotNegative();
        } finally {
            target.stop(0);
        }
    }

    /** How many sessions of the database are idle in a transaction. */
    private static int idleInTransaction(DatabaseServer postgres) throws Exception {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl("scheduler_cut"),
                DatabaseServer.USER, DatabaseServer.PASSWORD); Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT count(*) FROM pg_stat_activity"
                        + " WHERE datname = 'scheduler_cut' AND state = 'idle in transaction'")) {
            count.next();
            return count.getInt(1);
        }
    }

    private HttpServer tickTarget() throws IOException {
        HttpServer target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        target.createContext("/tick", exchange -> {
            try (exchange) {
                synchronized (calls) {
                    calls.add(new Call(exchange.getRequestHeaders().getFirst("x-replica"), System.currentTimeMillis(),
                            exchange.getRequestHeaders().getFirst("x-retry-attempt")));
                    calls.notifyAll();
                }
                exchange.sendResponseHeaders(200, -1);
            }
        });
        target.start();
        return target;
    }

    private static String config(HttpServer target, String connectionString) {
        String probe = Fixtures.testdata().resolve("apps/probe").toString();
        return "{\"entrypoint\": \"front\", \"server\": {\"port\": 0}, \"services\": [{\"id\": \"front\","
                + " \"path\": \"" + probe + "\"}], \"scheduler\": [{\"name\": \"tick\", \"cron\": \"*/3 * * * * *\","
                + " \"callbackUrl\": \"http://127.0.0.1:" + target.getAddress().getPort() + "/tick\","
                + " \"headers\": {\"x-replica\": \"{REPLICA}\"}}], \"schedulerCluster\": {\"connectionString\": \""
                + connectionString + "\", \"name\": \"shop\", \"checkinInterval\": " + CHECKIN_MILLIS + "}}";
    }

    private String lastCaller() {
        return lastCall().replica();
    }

    private Call lastCall() {
        synchronized (calls) {
            return calls.get(calls.size() - 1);
        }
    }

    private static String other(String replica) {
        return replica.equals("a") ? "b" : "a";
    }

    private void startReplica(String replica) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("replica-" + replica));
        Files.writeString(dir.resolve("rt.json"), config);
        RtProcess rt = RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), dir,
                Map.of("RT_CLASS_DATA_SHARING", "false", "REPLICA", replica), "start", "--no-pretty");
        track(rt);
        rt.awaitListening(START);
        replicas.put(replica, rt);
    }

    private List<Call> await(Predicate<Call> which, int count) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        synchronized (calls) {
            while (true) {
                List<Call> matching = calls.stream().filter(which).toList();
                if (matching.size() >= count) {
                    return matching;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError(count + " calls expected within " + WAIT + ", found " + matching
                            + " among " + calls);
                }
                calls.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    /**
     * From the call of one on-time firing to that of another, one first attempt per period of the cron, both included.
     * More is a firing run twice (by two replicas); fewer, firings missed. An on-time call arrives within the period it
     * is due in (the job's run is one local HTTP call), so its period is the firing's; the firings held back by a
     * takeover arrive late, one after another, in between.
     */
    private void assertNoneMissedNorDoubled(Call first, Call last) {
        assertThat(missed(first, last)).as("first attempts from " + first + " to " + last + ": " + calls).isZero();
    }

    /** The firings missed (negative: run twice) from one on-time call to another, as counted below. */
    private long missed(Call first, Call last) {
        List<Long> times;
        synchronized (calls) {
            times = calls.stream().filter(c -> c.arrivedMillis() >= first.arrivedMillis()
                    && c.arrivedMillis() <= last.arrivedMillis()).filter(c -> "1".equals(c.attempt()))
                    .map(Call::arrivedMillis).toList();
        }
        return last.arrivedMillis() / PERIOD_MILLIS - first.arrivedMillis() / PERIOD_MILLIS + 1 - times.size();
    }
}
