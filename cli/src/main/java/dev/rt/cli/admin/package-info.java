/**
 * {@code rt admin}: a live dashboard of one running runtime, served to a browser from the CLI's own process on
 * loopback. {@link dev.rt.cli.admin.AdminServer} answers the page, its assets (shipped in rt's jar, uPlot from its
 * web jar: nothing is fetched from the network) and a small JSON and server-sent-events API, each request checked
 * against a random token ({@link dev.rt.cli.admin.AdminToken}); it reaches the runtime only through the management
 * socket ({@link dev.rt.supervisor.management.ManagementClient}). It must not know the supervisor's internals, nor
 * the picocli command that starts it (in {@code dev.rt.cli}).
 */
package dev.rt.cli.admin;
