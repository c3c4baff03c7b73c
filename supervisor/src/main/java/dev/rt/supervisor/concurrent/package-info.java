/**
 * Named daemon threads for the supervisor's own executors. It must not know anything else of the supervisor.
 */
package dev.rt.supervisor.concurrent;
