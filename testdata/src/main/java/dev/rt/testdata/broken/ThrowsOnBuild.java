package dev.rt.testdata.broken;

import com.sun.net.httpserver.HttpHandler;

/** A build function that fails: the service cannot start. */
public final class ThrowsOnBuild {
    private ThrowsOnBuild() {
    }

    public static HttpHandler build() {
        throw new IllegalStateException("the database is not reachable");
    }
}
