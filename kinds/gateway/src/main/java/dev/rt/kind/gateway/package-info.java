/**
 * The {@code gateway} kind and its older name {@code composer}: {@link dev.rt.kind.gateway.settings.GatewaySettings}
 * reads a configuration, {@link dev.rt.kind.gateway.Membership} resolves its applications against the runtime's
 * services, {@link dev.rt.kind.gateway.TableBuilder} turns them and their documents into the routing table the
 * supervisor's public server applies, and {@link dev.rt.kind.gateway.GatewayRouter} keeps that table current. The
 * composed OpenAPI document is made in {@code dev.rt.kind.gateway.openapi}; {@code dev.rt.kind.gateway.cli} holds
 * {@code rt gateway|composer openapi schemas fetch}. Everything here but {@link dev.rt.kind.gateway.GatewayKind#start}
 * runs in the supervisor or the CLI; a worker (a gateway with plugins, or composing GraphQL:
 * {@code dev.rt.kind.gateway.graphql}) runs the service kind's server. This package assembles the others and none
 * of them imports it.
 */
package dev.rt.kind.gateway;
