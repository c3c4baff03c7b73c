/**
 * The level of what a worker writes on standard error in no format that carries one: {@link
 * dev.rt.supervisor.log.stderr.StderrLevel}. It reads one entry's text (the log hub has already joined a stack
 * trace's lines into one entry) and knows nothing of log targets, JSON lines or the other formats the log hub reads.
 */
package dev.rt.supervisor.log.stderr;
