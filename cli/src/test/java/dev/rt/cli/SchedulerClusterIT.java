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
 * that fires every second is called once a second, not once per replica, and when the replica that runs it is
 * killed, the other takes over.
 */
@ExtendWith(TestDatabases.class)
class SchedulerClusterIT extends ManagedRuntimes {
    private static final Duration WAIT = Duration.ofSeconds(90);

    private record Call(String replica, long arrivedMillis) {
    }

    private final List<Call> calls = new ArrayList<>();

    @Test
    void eachFiringRunsOnOneReplicaAndTheSurvivorTakesOverWhenOneDies() throws Exception {
        DatabaseServer postgres = TestDatabases.server(Engine.POSTGRES);
        postgres.createDatabase("scheduler_cluster");
        HttpServer target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        target.createContext("/tick", exchange -> {
            try (exchange) {
                synchronized (calls) {
                    calls.add(new Call(exchange.getRequestHeaders().getFirst("x-replica"), System.currentTimeMillis()));
                    calls.notifyAll();
                }
                exchange.sendResponseHeaders(200, -1);
            }
        });
        target.start();
        try {
            String probe = Fixtures.testdata().resolve("apps/probe").toString();
            String config = "{\"entrypoint\": \"front\", \"server\": {\"port\": 0}, \"services\": [{\"id\": \"front\","
                    + " \"path\": \"" + probe + "\"}], \"scheduler\": [{\"name\": \"tick\", \"cron\": \"* * * * * *\","
                    + " \"callbackUrl\": \"http://127.0.0.1:" + target.getAddress().getPort() + "/tick\","
                    + " \"headers\": {\"x-replica\": \"{REPLICA}\"}}], \"schedulerCluster\": {\"connectionString\": \""
                    + postgres.connectionString("scheduler_cluster") + "\", \"name\": \"shop\", \"checkinInterval\": 1000}}";
            Map<String, RtProcess> replicas = new HashMap<>();
            for (String replica : List.of("a", "b")) {
                Path dir = Files.createDirectories(tmp.resolve("replica-" + replica));
                Files.writeString(dir.resolve("rt.json"), config);
                replicas.put(replica, startReplica(dir, replica));
            }
            long bothUp = System.currentTimeMillis();
            List<Call> together = await(call -> call.arrivedMillis() > bothUp, 8);
            assertOncePerSecond(together);

            String victim = together.get(together.size() - 1).replica();
            String survivor = victim.equals("a") ? "b" : "a";
            replicas.get(victim).process().destroyForcibly().onExit().join();
            long killed = System.currentTimeMillis();
            List<Call> after = await(call -> call.arrivedMillis() > killed && call.replica().equals(survivor), 4);
            assertOncePerSecond(after);
            synchronized (calls) {
                assertThat(calls.stream().filter(c -> c.arrivedMillis() > killed + 1000))
                        .allMatch(c -> c.replica().equals(survivor));
            }
        } finally {
            target.stop(0);
        }
    }

    private RtProcess startReplica(Path dir, String replica) throws Exception {
        RtProcess rt = RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), dir,
                Map.of("RT_CLASS_DATA_SHARING", "false", "REPLICA", replica), "start", "--no-pretty");
        track(rt);
        rt.awaitListening(START);
        return rt;
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
     * One call per second, not one per replica: the calls are no more than the seconds they arrived over, plus one
     * for a firing that arrives late (a replica that ran every firing itself would double them). The second each
     * call arrived in cannot tell, as a late call may share it with the next.
     */
    private static void assertOncePerSecond(List<Call> calls) {
        long spanSeconds = (calls.get(calls.size() - 1).arrivedMillis() - calls.get(0).arrivedMillis()) / 1000;
        assertThat(calls).as("calls over " + spanSeconds + " s: " + calls).hasSizeLessThanOrEqualTo((int) spanSeconds + 2);
    }
}
