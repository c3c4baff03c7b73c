/**
 * The public socket accepted on in the worker ({@code server.entrypointMode: "direct"}, issue 35): Vert.x on Netty's
 * epoll transport, the descriptor fetched from the supervisor's handout socket, and its connections handed to the
 * HTTP server that listens on 127.0.0.1, so that they meet the same pipeline. It knows Vert.x's transport SPI and
 * Netty's epoll channels; it must not know routes, plugins or settings.
 */
package dev.rt.kind.service.direct;
