package dev.rt.service;

import dev.rt.auth.User;
import io.vertx.core.MultiMap;

/**
 * The headers of a request that say who its caller is, as {@link ServiceClient#as} forwards them: the
 * {@code Authorization} header, and the admin secret with the role and user id it vouches for (without the secret,
 * {@code X-RT-ROLE} and {@code X-RT-USER-ID} grant nothing, so they are not forwarded either).
 */
final class CallerCredentials {
    private CallerCredentials() {
    }

    static MultiMap of(MultiMap headers) {
        MultiMap credentials = MultiMap.caseInsensitiveMultiMap();
        copy(headers, credentials, "Authorization");
        if (headers.contains(User.ADMIN_SECRET)) {
            copy(headers, credentials, User.ADMIN_SECRET);
            copy(headers, credentials, User.ROLE);
            copy(headers, credentials, User.USER_ID);
        }
        return credentials;
    }

    private static void copy(MultiMap from, MultiMap to, String name) {
        if (from.contains(name)) {
            to.set(name, from.getAll(name));
        }
    }
}
