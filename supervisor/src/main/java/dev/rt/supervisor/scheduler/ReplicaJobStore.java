package dev.rt.supervisor.scheduler;

import java.sql.Connection;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.quartz.JobDetail;
import org.quartz.JobPersistenceException;
import org.quartz.Trigger.CompletedExecutionInstruction;
import org.quartz.TriggerKey;
import org.quartz.impl.jdbcjobstore.FiredTriggerRecord;
import org.quartz.impl.jdbcjobstore.JobStoreTX;
import org.quartz.spi.OperableTrigger;
import org.quartz.spi.TriggerFiredBundle;

/**
 * Quartz's clustered JDBC store as replicas need it, each change in Quartz's trigger lock:
 * <ul>
 * <li>a replica that goes to standby (every stop does, first) hands back the triggers it has acquired but not fired:
 * Quartz alone leaves them acquired by a replica that stops while it waits for their fire time, until another takes
 * it for dead (its check-in interval plus 7.5 s), and the firings due meanwhile were missed on every rolling upgrade.
 * It then acquires and fires nothing more; the next replica to look (every {@code idleWaitTime}) fires them on time;
 * <li>the misfire threshold is long enough for a killed replica's firings to run late once it is taken for dead
 * ({@link ClusterStore}); what fell due while the job was paused, or while its previous run went on, is skipped as
 * before, not run late: resuming a trigger and ending a run move it past what is due;
 * <li>a replica fires, or hands back, a trigger it acquired only while its acquisition stands: one cut off from the
 * database past its check-in is taken for dead, and another recovers its acquired triggers (their records deleted,
 * the triggers back to waiting) and may have acquired them anew by the time the link is back. Quartz alone then lets
 * the cut replica fire with its stale copy (the trigger is "acquired", by the other) or set it back to waiting under
 * the other's feet; here, its own record gone, it lets go.
 * </ul>
 *
 * <p>Public, with a public constructor, for Quartz instantiates its store by name ({@code org.quartz.jobStore.class}).
 */
public final class ReplicaJobStore extends JobStoreTX {
    private final Map<String, Long> runsStarted = new ConcurrentHashMap<>();
    private volatile boolean leaving;

    /** What Quartz calls, given the class's name. */
    public ReplicaJobStore() {
        // the settings are Quartz's, given through setters
    }

    @Override
    public void schedulerPaused() {
        super.schedulerPaused();
        try {
            executeInNonManagedTXLock(LOCK_TRIGGER_ACCESS, this::handBack, null);
        } catch (JobPersistenceException e) {
            getLog().warn("Could not hand back the acquired triggers: {}", e.getMessage());
        }
    }

    @Override
    public void schedulerResumed() {
        leaving = false;
        super.schedulerResumed();
    }

    @Override
    protected List<OperableTrigger> acquireNextTrigger(Connection conn, long noLaterThan, int maxCount, long timeWindow)
            throws JobPersistenceException {
        return leaving ? List.of() : super.acquireNextTrigger(conn, noLaterThan, maxCount, timeWindow);
    }

    /** A trigger acquired before leaving may be another replica's by now: this one fires nothing once leaving. */
    @Override
    protected TriggerFiredBundle triggerFired(Connection conn, OperableTrigger trigger) throws JobPersistenceException {
        if (leaving || !stillAcquired(conn, trigger)) {
            return null;
        }
        TriggerFiredBundle fired = super.triggerFired(conn, trigger);
        if (fired != null) {
            runsStarted.put(trigger.getFireInstanceId(), System.currentTimeMillis());
        }
        return fired;
    }

    @Override
    protected void releaseAcquiredTrigger(Connection conn, OperableTrigger trigger) throws JobPersistenceException {
        if (stillAcquired(conn, trigger)) {
            super.releaseAcquiredTrigger(conn, trigger);
        }
    }

    /** Whether this replica's record of acquiring {@code trigger} is still there: nobody recovered it meanwhile. */
    private boolean stillAcquired(Connection conn, OperableTrigger trigger) throws JobPersistenceException {
        try {
            return getDelegate().selectFiredTriggerRecords(conn, trigger.getKey().getName(),
                    trigger.getKey().getGroup()).stream()
                    .anyMatch(record -> record.getFireInstanceId().equals(trigger.getFireInstanceId()));
        } catch (SQLException e) {
            throw new JobPersistenceException("cannot read the fired triggers of " + trigger.getKey(), e);
        }
    }

    @Override
    protected void triggeredJobComplete(Connection conn, OperableTrigger trigger, JobDetail jobDetail,
            CompletedExecutionInstruction instruction) throws JobPersistenceException {
        super.triggeredJobComplete(conn, trigger, jobDetail, instruction);
        Long started = runsStarted.remove(trigger.getFireInstanceId());
        if (started != null) {
            try {
                for (OperableTrigger sibling : getDelegate().selectTriggersForJob(conn, jobDetail.getKey())) {
                    skipDue(conn, sibling.getKey(), started);
                }
            } catch (SQLException | ClassNotFoundException | IOException e) {
                throw new JobPersistenceException("cannot read the triggers of " + jobDetail.getKey(), e);
            }
        }
    }

    @Override
    public void resumeTrigger(Connection conn, TriggerKey key) throws JobPersistenceException {
        skipDue(conn, key, 0);
        super.resumeTrigger(conn, key);
    }

    /** Moves the trigger past the firings that fell due from {@code since} until now. */
    private void skipDue(Connection conn, TriggerKey key, long since) throws JobPersistenceException {
        OperableTrigger trigger = retrieveTrigger(conn, key);
        Date now = new Date();
        if (trigger == null || trigger.getNextFireTime() == null || !trigger.getNextFireTime().before(now)
                || trigger.getNextFireTime().getTime() < since) {
            return;
        }
        trigger.setNextFireTime(trigger.getFireTimeAfter(now));
        try {
            storeTrigger(conn, trigger, null, true, getDelegate().selectTriggerState(conn, key), true, false);
        } catch (SQLException e) {
            throw new JobPersistenceException("cannot read the state of " + key, e);
        }
    }

    private Void handBack(Connection conn) throws JobPersistenceException {
        leaving = true;
        try {
            for (FiredTriggerRecord fired : getDelegate().selectInstancesFiredTriggerRecords(conn, getInstanceId())) {
                if (STATE_ACQUIRED.equals(fired.getFireInstanceState())) {
                    getDelegate().updateTriggerStateFromOtherState(conn, fired.getTriggerKey(), STATE_WAITING,
                            STATE_ACQUIRED);
                    getDelegate().deleteFiredTrigger(conn, fired.getFireInstanceId());
                }
            }
        } catch (SQLException e) {
            throw new JobPersistenceException("cannot hand back the acquired triggers: " + e.getMessage(), e);
        }
        return null;
    }
}
