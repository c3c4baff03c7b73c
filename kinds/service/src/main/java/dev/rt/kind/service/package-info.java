/**
 * The {@code service} kind: {@link dev.rt.kind.service.ServiceKind} (the kind as the supervisor and the CLI load it,
 * free of Vert.x: its schema, its checks, its class path), and {@link dev.rt.kind.service.ServiceHost}, the server of
 * its workers and of the kinds built on it ({@code db}, the gateway), which assembles the concerns of the
 * sub-packages: the plugins' registrations, the router, the listening server. It is the one package that knows all
 * the others; none of them imports it.
 */
package dev.rt.kind.service;
