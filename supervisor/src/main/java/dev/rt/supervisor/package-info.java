/**
 * Runs one runtime: {@link dev.rt.supervisor.Supervisor} checks the start order ({@link StartOrder}), binds the
 * entrypoint and the mesh, starts the services level by level and stops them the other way round; {@link
 * RuntimeSession} is {@code rt start} from start to exit (signals, systemd, restarts of the runtime). The workers
 * and what happens to them are in {@code worker}; spawning their JVMs is in {@code process}.
 *
 * <p>Two words, never one for the other. A <em>reload</em> replaces the workers of a service, or of every service,
 * one at a time while the service keeps answering: SIGUSR2, {@code rt ctl restart} ({@code POST /restart}), a
 * change to a service's files in development. A <em>restart</em> of the runtime stops every service, reads the
 * configuration again and starts anew in the same process: {@code rt ctl reload} ({@code POST /reload}). A worker
 * that dies is restarted as its service's {@code restartOnError} says: a new worker takes its place.
 */
package dev.rt.supervisor;
