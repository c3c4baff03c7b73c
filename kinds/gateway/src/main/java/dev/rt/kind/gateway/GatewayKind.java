package dev.rt.kind.gateway;

import dev.rt.kind.gateway.settings.Section;

/**
 * The {@code gateway} kind: {@code gateway.applications} exposed under path prefixes or host names by the runtime's
 * public server, which also serves the OpenAPI document composed from theirs.
 */
public final class GatewayKind extends ComposingKind {
    public GatewayKind() {
        super(Section.GATEWAY);
    }
}
