/**
 * The service's log entries on stdout, shaped as the runtime reads them ({@code server.logger.level},
 * {@code requestIdLogLabel}, {@code disableRequestLogging}): the per-request entries, failures, and the entries
 * plugins write. It knows a request and its id; it must not know routes, plugins, validation or how errors are
 * answered.
 */
package dev.rt.kind.service.log;
