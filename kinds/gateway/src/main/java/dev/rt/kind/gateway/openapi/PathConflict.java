package dev.rt.kind.gateway.openapi;

/** Two applications whose documents end up with the same path once prefixed. */
public final class PathConflict extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PathConflict(String path, String first, String second) {
        super("Path \"" + path + "\" is exposed by both the \"" + first + "\" and the \"" + second + "\" applications."
                + " Set a different openapi.prefix on one of them to resolve the conflict.");
    }
}
