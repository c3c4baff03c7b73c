package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.db.testing.DatabaseServer;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * firings over and runs the ones held back meanwhile, late, once each.
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
        try {
            String probe = Fixtures.testdata().resolve("apps/probe").toString();
            config = "{\"entrypoint\": \"front\", \"server\": {\"port\": 0}, \"services\": [{\"id\": \"front\","
                    + " \"path\": \"" + probe + "\"}], \"scheduler\": [{\"name\": \"tick\", \"cron\": \"*/3 * * * * *\","
                    + " \"callbackUrl\": \"http://127.0.0.1:" + target.getAddress().getPort() + "/tick\","
                    + " \"headers\": {\"x-replica\": \"{REPLICA}\"}}], \"schedulerCluster\": {\"connectionString\": \""
                    + postgres.connectionString("scheduler_cluster") + "\", \"name\": \"shop\", \"checkinInterval\": "
                    + CHECKIN_MILLIS + "}}";
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
        List<Long> times;
        synchronized (calls) {
            times = calls.stream().filter(c -> c.arrivedMillis() >= first.arrivedMillis()
                    && c.arrivedMillis() <= last.arrivedMillis()).filter(c -> "1".equals(c.attempt()))
                    .map(Call::arrivedMillis).toList();
        }
        long firings = last.arrivedMillis() / PERIOD_MILLIS - first.arrivedMillis() / PERIOD_MILLIS + 1;
        assertThat(times).as("first attempts from " + first + " to " + last + ", " + firings + " firings: " + calls)
                .hasSize((int) firings);
    }
}
