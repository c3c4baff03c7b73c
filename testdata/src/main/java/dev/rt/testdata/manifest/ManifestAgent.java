package dev.rt.testdata.manifest;

import java.lang.instrument.Instrumentation;

/** The {@code Launcher-Agent-Class} of {@code target/rt-testdata-manifest.jar}: started before its main class. */
public final class ManifestAgent {
    private static volatile Instrumentation instrumentation;

    private ManifestAgent() {
    }

    public static void agentmain(String arguments, Instrumentation given) {
        instrumentation = given;
        System.out.println("launcher agent started");
    }

    static Instrumentation instrumentation() {
        return instrumentation;
    }
}
