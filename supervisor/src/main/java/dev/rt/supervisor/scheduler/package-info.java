/**
 * The scheduler: each enabled {@code scheduler} job calls its {@code callbackUrl} on its cron expression (UTC),
 * never overlapping itself, with retries. {@link dev.rt.supervisor.scheduler.JobScheduler} is all the rest of the
 * supervisor sees; Quartz, its threads and, with {@code schedulerCluster}, the database driver are loaded only when
 * a configuration has jobs. Without {@code schedulerCluster} the jobs live in memory; with it, in Quartz's
 * clustered JDBC store, so that each firing runs on one replica only.
 */
package dev.rt.supervisor.scheduler;
