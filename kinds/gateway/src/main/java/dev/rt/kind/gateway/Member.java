package dev.rt.kind.gateway;

import dev.rt.kind.gateway.settings.ApplicationSettings;
import dev.rt.kind.routing.Target;

/**
 * An application of a started gateway: where its requests go, and, when it is proxied, the public prefix (or host)
 * it has and the prefix its requests keep upstream ({@code ""} unless it wants absolute URLs).
 */
record Member(ApplicationSettings settings, Target target, String prefix, String upstreamPrefix) {

    String id() {
        return settings.id();
    }
}
