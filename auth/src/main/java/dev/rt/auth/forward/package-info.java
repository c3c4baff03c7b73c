/**
 * The caller's identity as it travels inside one runtime: from the supervisor's entrypoint (a gateway that
 * authenticated the request) to the service it routes to, and from a plugin to the services it calls through the
 * mesh. A header sealed with the runtime's own key (HMAC-SHA256 by nimbus-jose-jwt) and dated, that a service
 * trusts because nothing outside the runtime has the key. Knows nothing of tokens from clients or of HTTP servers.
 */
package dev.rt.auth.forward;
