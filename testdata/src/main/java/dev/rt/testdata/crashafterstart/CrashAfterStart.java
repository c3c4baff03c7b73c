package dev.rt.testdata.crashafterstart;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import dev.rt.testdata.scenario.StartCounter;

/**
 * Scenario crash-after-start: serves like the probe, then dies with CRASH_EXIT_CODE (default 1) CRASH_AFTER_MS
 * (default 300) after it was built, every time: a crash loop.
 */
public final class CrashAfterStart {
    private CrashAfterStart() {
    }

    public static HttpHandler build() {
        long after = StartCounter.millis("CRASH_AFTER_MS", 300);
        int code = Integer.parseInt(System.getenv().getOrDefault("CRASH_EXIT_CODE", "1"));
        Thread crash = new Thread(() -> {
            try {
                Thread.sleep(after);
            } catch (InterruptedException e) {
                return;
            }
            System.out.println("crash-after-start: dying with code " + code);
            Runtime.getRuntime().halt(code);
        }, "crash-after-start");
        crash.setDaemon(true);
        crash.start();
        return Probe.build();
    }
}
