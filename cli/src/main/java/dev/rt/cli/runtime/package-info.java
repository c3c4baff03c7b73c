/**
 * Reaching a running runtime from the command line: which one a command talks to ({@link
 * dev.rt.cli.runtime.RuntimeChoice}, {@code -p}/{@code -n}) and telling a reload from a stop when its management
 * connection ends ({@link dev.rt.cli.runtime.RuntimeReturn}). Used by the commands that talk to a runtime (rt ctl, rt
 * logs, rt admin, ...); it knows the management API's client, and none of those commands.
 */
package dev.rt.cli.runtime;
