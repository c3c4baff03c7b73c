package dev.rt.testdata.slowshutdown;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import dev.rt.testdata.scenario.StartCounter;

/**
 * Scenario slow-shutdown: serves like the probe; its shutdown hook takes SLOW_SHUTDOWN_MS (default 1500)
 * to clean up, then prints "slow-shutdown: cleaned up".
 */
public final class SlowShutdown {
    private SlowShutdown() {
    }

    public static HttpHandler build() {
        long millis = StartCounter.millis("SLOW_SHUTDOWN_MS", 1500);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("slow-shutdown: cleaning up for " + millis + " ms");
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.out.println("slow-shutdown: cleaned up");
        }, "slow-shutdown"));
        return Probe.build();
    }
}
