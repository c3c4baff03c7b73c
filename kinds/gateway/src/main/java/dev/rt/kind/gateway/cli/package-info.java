/**
 * The {@code rt gateway} (and {@code rt composer}) commands, outside a runtime: {@code openapi schemas fetch}
 * fetches the document of each application with an {@code openapi.url} and an {@code openapi.file} into that file
 * ({@link dev.rt.kind.gateway.cli.FetchCommand}).
 * It reads the settings and fetches documents as the gateway would; only the kind's root imports this package.
 */
package dev.rt.kind.gateway.cli;
