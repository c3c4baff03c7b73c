/**
 * Bearer tokens checked with nimbus-jose-jwt: the signature (a shared secret, or an allowed issuer's key set, fetched,
 * cached and refreshed by nimbus), the algorithm allow-list, {@code exp}/{@code nbf} with the clock tolerance, the
 * audience and issuer. Owns when a key set may be fetched again, on which thread a check runs, and which verified
 * tokens are kept so that they are not checked again. Knows nothing of roles, users or HTTP servers: it answers a
 * token's claims.
 */
package dev.rt.auth.jwt;
