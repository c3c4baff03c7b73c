/**
 * The last fifteen minutes of every worker's figures, one column a second, for {@code rt admin}'s charts:
 * {@link dev.rt.supervisor.history.RuntimeHistory} records what the supervisor already receives (each worker's
 * {@code Stats} frame, the requests the proxy answered) into a bounded ring of primitive arrays
 * ({@link dev.rt.supervisor.history.HistoryRing}) and hands each new column to whoever follows it (the management
 * API's {@code GET /api/v1/history/live}). It knows workers only by service id, index and pid; it must not know the
 * supervisor loop, the management API or the CLI.
 */
package dev.rt.supervisor.history;
