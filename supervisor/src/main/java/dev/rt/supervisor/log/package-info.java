/**
 * The runtime's log: the workers' output read line by line and grouped into entries, their levels, redaction,
 * and the targets that write them (pretty, JSON lines, rolling files). It must not know worker policies or the
 * management API that reads it.
 */
package dev.rt.supervisor.log;
