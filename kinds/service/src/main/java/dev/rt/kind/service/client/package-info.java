/**
 * {@code clients}: the service's HTTP clients of other services, through the mesh ({@code <id>.rt.local}) or at a
 * URL, opened once at start and found by service id. It must not know plugins, routes or the service's server.
 */
package dev.rt.kind.service.client;
