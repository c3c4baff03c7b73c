package dev.rt.kind.mesh;

/**
 * The host names of a runtime's mesh, written once for every module: a service {@code id} is
 * {@code http://<id>.rt.local} to the other services, and {@code rt.local} is the runtime itself. The supervisor
 * routes these names, the agent sends them through the mesh, the kinds, the configuration and the CLI write them.
 */
public final class MeshHost {
    /** What follows a service id in its mesh host name: {@code <id>.rt.local}. */
    public static final String SUFFIX = ".rt.local";
    /** The runtime's own host name in the mesh (where an application invalidates the HTTP cache, say). */
    public static final String RUNTIME = "rt.local";

    private MeshHost() {
    }

    /** {@code http://<serviceId>.rt.local}: the base URL of a service inside its runtime. */
    public static String url(String serviceId) {
        return "http://" + serviceId + SUFFIX;
    }
}
