/**
 * {@code rt admin}: a live dashboard of one running runtime, served to a browser from the CLI's own process on
 * loopback. {@link dev.rt.cli.admin.AdminServer} answers the page, its assets (shipped in rt's jar, uPlot from its
 * web jar: nothing is fetched from the network) and a small JSON and server-sent-events API, each request checked
 * against a random token ({@link dev.rt.cli.admin.AdminToken}); it reaches the runtime only through the management
 * socket ({@link dev.rt.supervisor.management.ManagementClient}). {@link dev.rt.cli.admin.AdminCommand} is the
 * picocli command; of {@code dev.rt.cli} it knows only {@link dev.rt.cli.runtime.RuntimeChoice} (in {@code dev.rt.cli.runtime}). It must not know the
 * supervisor's internals, nor the other commands.
 */
package dev.rt.cli.admin;
