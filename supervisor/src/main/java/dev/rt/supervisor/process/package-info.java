/**
 * Starting a worker's JVM: its command line, JVM options per kind, class-data archives, debug ports, the runtime
 * directory and the pump that reads its output. It must not know worker policies (restart, health).
 */
package dev.rt.supervisor.process;
