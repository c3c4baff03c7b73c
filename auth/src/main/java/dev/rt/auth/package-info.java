/**
 * Who is calling: the {@link dev.rt.auth.User} a kind hands to its routes and plugins, and the authentication that
 * produces one from a request's headers. Owns the {@code authorization} section's authentication settings; knows
 * nothing of HTTP servers, SQL or any kind (the db kind's rules apply a user to SQL in the db kind).
 */
package dev.rt.auth;
