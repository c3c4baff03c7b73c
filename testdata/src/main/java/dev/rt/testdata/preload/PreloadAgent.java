package dev.rt.testdata.preload;

/**
 * A {@code -javaagent} for {@code preload}: runs before the worker's main and leaves a mark, the system
 * property {@code rt.preloaded}, that the probe's {@code /property?name=rt.preloaded} shows.
 */
public final class PreloadAgent {
    private PreloadAgent() {
    }

    public static void premain(String arguments) {
        System.setProperty("rt.preloaded", arguments == null || arguments.isEmpty() ? "yes" : arguments);
        System.out.println("preload agent loaded");
    }
}
