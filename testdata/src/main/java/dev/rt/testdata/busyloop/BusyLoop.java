package dev.rt.testdata.busyloop;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import dev.rt.testdata.scenario.StartCounter;

/**
 * Scenario busy-loop: worker BUSY_WORKER (default 0) spins two threads per processor forever, so its
 * process uses every processor it can get (its ELU goes to about 1); other workers serve like the probe.
 */
public final class BusyLoop {
    private static volatile long sink;

    private BusyLoop() {
    }

    public static HttpHandler build() {
        if (StartCounter.targetsThisWorker("BUSY")) {
            int threads = 2 * Runtime.getRuntime().availableProcessors();
            System.out.println("busy-loop: spinning " + threads + " threads");
            for (int i = 0; i < threads; i++) {
                Thread spin = new Thread(BusyLoop::spin, "busy-loop-" + i);
                spin.setDaemon(true);
                spin.start();
            }
        }
        return Probe.build();
    }

    private static void spin() {
        long x = 1;
        while (true) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if (x == 0) {
                sink = x;
            }
        }
    }
}
