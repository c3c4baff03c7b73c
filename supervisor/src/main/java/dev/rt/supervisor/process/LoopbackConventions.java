package dev.rt.supervisor.process;

import java.util.List;

/**
 * How rt asks a wrapped application to listen on loopback only, as it serves {@code build} handlers: the settings
 * that servers and frameworks read for their bind address, each set to {@value #LOOPBACK}. The service's own JVM
 * options ({@code nodeOptions}) come later on the command line and win; so does {@code HOST} in its {@code env}.
 * Whatever an application does with them, the port it serves on is adopted; one that still listens on every
 * interface is reported (the agent's warning, {@code rt ctl services}).
 */
final class LoopbackConventions {
    static final String LOOPBACK = "127.0.0.1";

    /** {@code -D} options: Spring Boot, Quarkus, Micronaut, Helidon, Play, the H2 database's servers. */
    static final List<String> SYSTEM_PROPERTIES = List.of(
            "-Dserver.address=" + LOOPBACK,
            "-Dquarkus.http.host=" + LOOPBACK,
            "-Dmicronaut.server.host=" + LOOPBACK,
            "-Dserver.host=" + LOOPBACK,
            "-Dhttp.address=" + LOOPBACK,
            "-Dh2.bindAddress=" + LOOPBACK);

    /** The environment variable most servers outside the JVM's frameworks read, and many scripts. */
    static final String HOST = "HOST";

    private LoopbackConventions() {
    }
}
