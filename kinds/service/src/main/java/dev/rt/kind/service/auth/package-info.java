/**
 * Who calls a service: the {@code authorization} section read for the service kind and the kinds built on its host
 * (db), checked before any worker starts, and the route handler that authenticates every request with
 * {@code dev.rt.auth} and leaves its {@link dev.rt.auth.User} in {@link dev.rt.service.RequestUser}. It must not
 * know the rules that kinds apply to that user, nor the router's other parts.
 */
package dev.rt.kind.service.auth;
