package dev.rt.testdata.leaksheap;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import dev.rt.testdata.scenario.StartCounter;
import java.util.ArrayList;
import java.util.List;

/**
 * Scenario leaks-heap: worker LEAK_WORKER (default 0) keeps allocating and holding 256 KiB blocks until it
 * holds LEAK_PERCENT (default 60) percent of its maximum heap, then holds on to them; other workers serve
 * like the probe. A replacement has another index, so it does not leak.
 */
public final class LeaksHeap {
    private static final int BLOCK = 256 * 1024;
    private static final List<byte[]> HELD = new ArrayList<>();

    private LeaksHeap() {
    }

    public static HttpHandler build() {
        if (StartCounter.targetsThisWorker("LEAK")) {
            long target = Runtime.getRuntime().maxMemory() * StartCounter.millis("LEAK_PERCENT", 60) / 100;
            Thread leak = new Thread(() -> leak(target), "leaks-heap");
            leak.setDaemon(true);
            leak.start();
        }
        return Probe.build();
    }

    private static void leak(long target) {
        System.out.println("leaks-heap: holding " + (target >> 20) + " MiB");
        for (long held = 0; held < target; held += BLOCK) {
            synchronized (HELD) {
                HELD.add(new byte[BLOCK]);
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                return;
            }
        }
        System.out.println("leaks-heap: holding all of it");
    }
}
