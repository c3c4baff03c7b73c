/**
 * The workers of one runtime. {@link dev.rt.supervisor.worker.WorkerLifecycle} starts, stops and reloads worker
 * JVMs; every {@link dev.rt.supervisor.worker.Worker}'s state belongs to the {@link
 * dev.rt.supervisor.worker.SupervisorLoop}, and each policy runs on it: {@code StartAttempts} (a start and its
 * retries), {@code CrashRestarts} with its {@code Backoff} (after a death), {@code Replacement} (blue/green, for
 * health and reloads), {@code HealthMonitor} judging by {@code HealthCheck}, {@code Reloads} (of every service,
 * or of one whose files changed). {@code WorkerAgents} and {@code WorkerMessages} bring the agents' frames onto
 * the loop; {@link dev.rt.supervisor.worker.WorkerRegistry} publishes the started workers to the proxy.
 */
package dev.rt.supervisor.worker;
