/**
 * A gateway's (or composer's) configuration, read and checked as far as it can be without the rest of the
 * runtime ({@link dev.rt.kind.gateway.settings.GatewaySettings}): its applications with their origins, documents and
 * {@code proxy} prefixes ({@link dev.rt.kind.gateway.settings.ApplicationSettings}), the composed document's
 * settings, and its own {@code server} settings ({@link dev.rt.kind.gateway.settings.GatewayServer}). Records of
 * what the file says: the gateway's root, its commands and its GraphQL composition use them; it imports none of
 * them, and knows no other service of the runtime.
 */
package dev.rt.kind.gateway.settings;
