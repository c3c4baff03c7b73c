package dev.rt.supervisor.proxy.policy;

import io.netty.handler.codec.http.HttpMethod;
import java.util.Set;

/**
 * The methods whose bodies the service kind's server reads (its body handler's routes), and so limits in size
 * and time: the gateway's public server limits the same ones.
 */
final class BodyMethods {
    private static final Set<HttpMethod> METHODS = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH,
            HttpMethod.DELETE, HttpMethod.OPTIONS);

    private BodyMethods() {
    }

    static boolean has(HttpMethod method) {
        return METHODS.contains(method);
    }
}
