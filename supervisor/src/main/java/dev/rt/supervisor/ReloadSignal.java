package dev.rt.supervisor;

import java.util.Map;

/**
 * Whether SIGUSR2 may mean "reload". HotSpot on Linux suspends and resumes threads with SIGUSR2 unless
 * {@code _JAVA_SR_SIGNUM} names another signal; JFR's sampler sends it every few milliseconds, so a reload
 * handler on it would reload every service over and over while anyone profiles rt. {@code bin/rt} moves the
 * JVM's signal to 39 (a real-time signal) before starting Java; rt takes SIGUSR2 only when it is free.
 */
final class ReloadSignal {
    static final String VARIABLE = "_JAVA_SR_SIGNUM";
    private static final int SIGUSR2 = 12;

    private ReloadSignal() {
    }

    static boolean isFree(Map<String, String> env) {
        String value = env.get(VARIABLE);
        if (value == null) {
            return false;
        }
        try {
            return Integer.parseInt(value.strip()) != SIGUSR2;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
