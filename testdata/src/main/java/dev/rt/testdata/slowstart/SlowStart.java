package dev.rt.testdata.slowstart;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import dev.rt.testdata.scenario.StartCounter;

/**
 * Scenario slow-start: build() takes SLOW_START_MS (default 5000) before returning. With SLOW_START_FILE and
 * SLOW_START_TIMES only the first N starts are slow.
 */
public final class SlowStart {
    private SlowStart() {
    }

    public static HttpHandler build() throws InterruptedException {
        if (new StartCounter("SLOW_START").firstStarts()) {
            System.out.println("slow-start: taking my time");
            Thread.sleep(StartCounter.millis("SLOW_START_MS", 5000));
        }
        return Probe.build();
    }
}
