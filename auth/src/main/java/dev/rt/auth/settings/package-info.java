/**
 * The {@code authorization} section's authentication settings as immutable records, read from a configuration that
 * has passed the JSON Schema ({@code dev/rt/auth/auth.json}, which the kinds' schemas refer to), with the checks the
 * schema cannot make (a secret too short for its algorithm, JWKS without issuers, algorithms of the wrong key type).
 * Knows no HTTP, no token, no kind.
 */
package dev.rt.auth.settings;
