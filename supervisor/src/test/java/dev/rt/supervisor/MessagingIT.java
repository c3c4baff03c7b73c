package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Messages between real worker JVMs through the supervisor: a {@code build} application sends with the messaging
 * library, to a two-worker service that handles them, to a wrapped application with a main of its own, and to a
 * service with no handler; every failure reaches the sender as an exception with its code and a clear message.
 */
class MessagingIT {
    @TempDir
    Path dir;

    @Test
    void messagesReachHandlersRoundRobinAndEveryFailureIsClearAtTheSender() throws Exception {
        String config = runtimeWith("\"messagingTimeout\": 1500, ", "sender", service("sender", "msg-sender"),
                service("orders", "msg-responder", "\"workers\": 2"), service("wrapped", "msg-wrapped"),
                service("plain", "probe"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            HttpResponse<String> echo = rt.get("/send?to=orders&name=echo&payload=hi&structured=true");
            assertThat(echo.statusCode()).isEqualTo(200);
            assertThat(echo.body()).contains("text=hi").contains("list=[1, two, true]");

            assertThat(rt.get("/send?to=orders&name=later&payload=5").body()).isEqualTo("later 5");
            assertThat(rt.get("/send?to=wrapped&name=echo&payload=x").body()).isEqualTo("wrapped x");

            Set<String> workers = new HashSet<>();
            for (int i = 0; i < 4; i++) {
                String whoami = rt.get("/send?to=orders&name=whoami").body();
                assertThat(whoami).startsWith("{service=orders, worker=");
                workers.add(whoami.substring(0, whoami.indexOf(',', whoami.indexOf("worker="))));
            }
            assertThat(workers).containsExactlyInAnyOrder("{service=orders, worker=0", "{service=orders, worker=1");

            assertFailure(rt.get("/send?to=nope&name=echo"), "RT_MESSAGING_UNKNOWN_SERVICE: cannot send message \"echo\":"
                    + " there is no service \"nope\" in this runtime (its services are sender, orders, wrapped, plain)");
            assertFailure(rt.get("/send?to=plain&name=echo"), "RT_MESSAGING_NO_HANDLER: service \"plain\" has no handler"
                    + " for message \"echo\" (register one with handle(\"echo\", ...))");
            assertFailure(rt.get("/send?to=orders&name=fail&payload=socks"), "RT_MESSAGING_HANDLER_FAILED: the handler of"
                    + " message \"fail\" in service \"orders\" failed: java.lang.IllegalStateException: out of stock: socks");

            long began = System.nanoTime();
            assertFailure(rt.get("/send?to=orders&name=slow&payload=6000&number=true"), "RT_MESSAGING_TIMEOUT: no reply to"
                    + " message \"slow\" from service \"orders\" within 1500 ms (messagingTimeout)");
            long tookMillis = (System.nanoTime() - began) / 1_000_000;
            assertThat(tookMillis).isGreaterThanOrEqualTo(1500).isLessThan(5000);

            assertThat(rt.get("/send?to=orders&name=echo&payload=after").body()).isEqualTo("after");
        }
    }

    private static void assertFailure(HttpResponse<String> response, String expected) {
        assertThat(response.body()).isEqualTo(expected);
        assertThat(response.statusCode()).isEqualTo(502);
    }
}
