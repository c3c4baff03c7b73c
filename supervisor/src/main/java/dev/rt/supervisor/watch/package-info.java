/**
 * Watching directory trees for changed files: {@link dev.rt.supervisor.watch.TreeWatch}, the one recursive watcher
 * of rt, which the supervisor's hot reload ({@code rt start --dev} with {@code watch}) and the CLI's compilation of
 * changed sources both use, over {@link dev.rt.supervisor.watch.WatchEvents} (the JDK's watch service, or a test's).
 * It knows paths, owners and filters; nothing of services, configuration, the log or what a change leads to.
 */
package dev.rt.supervisor.watch;
