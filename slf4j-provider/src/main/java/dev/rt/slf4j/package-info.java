/**
 * rt's SLF4J 2 provider: what the libraries rt runs log through SLF4J at warn or error reaches rt's log with the
 * library's logger name, and everything below warn is dropped at once (the {@code is...Enabled} checks answer false,
 * so a library's debug lines cost nothing). Where a line goes is a {@link dev.rt.slf4j.LibrarySink}: the supervisor
 * routes them into its runtime log ({@link dev.rt.slf4j.LibraryLog#routeTo}); a worker writes them on its standard
 * output as JSON log lines, which the supervisor reads as that worker's; any other process (the CLI) writes them on
 * standard error as text.
 *
 * <p>It knows SLF4J's API and the JDK only: not the supervisor, not the agent, not the kinds. It must never be
 * inside the worker agent's jar, which sits on every java service's class path unrelocated: the kinds that need it
 * carry it in their own {@code lib/}.
 */
package dev.rt.slf4j;
