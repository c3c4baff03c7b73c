package dev.rt.config;

import java.util.Locale;

/**
 * {@code meshHostHeader}: the {@code Host} header of a request that reaches a service through the mesh
 * ({@code http://<id>.rt.local/...}). Either way {@code X-Forwarded-Host} carries the name the caller used,
 * {@code <id>.rt.local}.
 */
public enum MeshHostHeader {
    /**
     * The worker's own address, {@code 127.0.0.1:<port>}: what an unmodified server that refuses host names it
     * does not know (a defence against DNS rebinding) accepts. The default.
     */
    WORKER,
    /** The service's mesh name, {@code <id>.rt.local}, as the caller wrote it. */
    SERVICE;

    /** The value as configuration spells it. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code worker} or {@code service}, as the schema allows. */
    static MeshHostHeader of(String configName) {
        return valueOf(configName.toUpperCase(Locale.ROOT));
    }
}
