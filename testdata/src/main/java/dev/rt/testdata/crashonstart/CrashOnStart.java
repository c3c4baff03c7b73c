package dev.rt.testdata.crashonstart;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import dev.rt.testdata.scenario.StartCounter;

/**
 * Scenario crash-on-start: the JVM dies (exit 1, no report to the supervisor) while the application is being
 * built. With CRASH_ON_START_FILE and CRASH_ON_START_TIMES only the first N starts crash; later ones serve
 * like the probe.
 */
public final class CrashOnStart {
    private CrashOnStart() {
    }

    public static HttpHandler build() {
        if (new StartCounter("CRASH_ON_START").firstStarts()) {
            System.out.println("crash-on-start: dying before ready");
            Runtime.getRuntime().halt(1);
        }
        return Probe.build();
    }
}
