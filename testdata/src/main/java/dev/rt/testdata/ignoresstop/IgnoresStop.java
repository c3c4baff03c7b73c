package dev.rt.testdata.ignoresstop;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import java.util.concurrent.CountDownLatch;

/**
 * Scenario ignores-stop: serves like the probe, but its shutdown hook never returns, so the JVM never exits
 * on its own once asked to stop: only a kill ends it.
 */
public final class IgnoresStop {
    private IgnoresStop() {
    }

    public static HttpHandler build() {
        CountDownLatch never = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("ignores-stop: not stopping");
            while (true) {
                try {
                    never.await();
                } catch (InterruptedException e) {
                    // still not stopping
                }
            }
        }, "ignores-stop"));
        return Probe.build();
    }
}
