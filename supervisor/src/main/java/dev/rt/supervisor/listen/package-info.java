/**
 * The public socket when the entrypoint's workers accept on it themselves ({@code server.entrypointMode:
 * "direct"}, issue 35): whether the configuration allows it ({@link DirectEntrypoint#of}), the listening socket the
 * supervisor binds and keeps, and the UNIX socket that hands its descriptor to each entrypoint worker
 * ({@link DescriptorHandout}). It knows the configuration and Netty's native sockets; it must not know the proxy,
 * the workers' states or any kind.
 */
package dev.rt.supervisor.listen;
