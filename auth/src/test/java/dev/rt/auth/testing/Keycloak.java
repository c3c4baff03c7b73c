package dev.rt.auth.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The Keycloak of this test JVM: started on first use, shared by every test, stopped (and its private home deleted)
 * when the JVM exits. Its realm {@value Realm#NAME} is made through the admin REST API; {@link #realm()} hands out
 * its tokens and changes its keys.
 */
public final class Keycloak {
    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);
    private static Keycloak shared;

    private final KeycloakProcess process;
    private final Realm realm;
    private final Duration startTime;

    private Keycloak(KeycloakProcess process, Realm realm, Duration startTime) {
        this.process = process;
        this.realm = realm;
        this.startTime = startTime;
    }

    /** The JVM's Keycloak, started (and the machine's distribution prepared) on the first call. */
    public static synchronized Keycloak shared() {
        if (shared == null) {
            try {
                shared = start();
            } catch (IOException e) {
                throw new IllegalStateException("Keycloak could not start: " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while Keycloak started", e);
            }
        }
        return shared;
    }

    private static Keycloak start() throws IOException, InterruptedException {
        Path home = KeycloakHome.copyForRun(KeycloakHome.prepared());
        long started = System.nanoTime();
        KeycloakProcess process = KeycloakProcess.start(home, START_TIMEOUT);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                process.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            KeycloakHome.delete(home);
        }, "keycloak-stop"));
        process.awaitReady();
        Duration startTime = Duration.ofNanos(System.nanoTime() - started);
        String base = "http://127.0.0.1:" + process.port();
        return new Keycloak(process, Realm.create(base), startTime);
    }

    /** The test realm: its issuer, tokens and keys. */
    public Realm realm() {
        return realm;
    }

    /** The server's base URL, such as {@code http://127.0.0.1:41234}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + process.port();
    }

    /** How long the server took to answer once started (the distribution already prepared). */
    public Duration startTime() {
        return startTime;
    }
}
