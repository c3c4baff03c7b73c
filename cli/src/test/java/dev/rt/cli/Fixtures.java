package dev.rt.cli;

import java.nio.file.Path;

/** Fixture locations, from the system properties the build sets. */
final class Fixtures {
    private Fixtures() {
    }

    static Path testdata() {
        return Path.of(System.getProperty("rt.testdata.dir")).toAbsolutePath().normalize();
    }

    static Path app(String name) {
        return testdata().resolve("apps").resolve(name);
    }

    /** Third-party jars copied from Maven Central by the build (for example wiremock-standalone.jar). */
    static Path thirdPartyJar(String name) {
        return Path.of(System.getProperty("rt.fixtures.dir")).resolve(name);
    }

    static String service(String id, String app, String extra) {
        return "{\"id\": \"" + id + "\", \"path\": \"" + app(app) + "\"" + (extra.isEmpty() ? "" : ", " + extra) + "}";
    }
}
