package dev.rt.kind.gateway;

import dev.rt.kind.EntrypointRouter;
import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import dev.rt.kind.RouterContext;
import dev.rt.kind.gateway.openapi.DocumentFetcher;
import dev.rt.kind.gateway.openapi.DocumentRules;
import dev.rt.kind.gateway.openapi.PathConflict;
import dev.rt.kind.gateway.settings.GatewaySettings;
import dev.rt.kind.routing.ServerPolicy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A gateway at work, in the supervisor: resolves its applications, reads their documents, publishes the routing table,
 * then keeps it current on a thread of its own. Every {@code refreshTimeout} (every second when that is 0) it reads
 * again the documents still missing, in production too; in development it also re-reads the fetched ones, and
 * publishes a new table when one changed, without a restart of anything.
 */
final class GatewayRouter implements EntrypointRouter {
    static final long MISSING_INTERVAL_MILLIS = 1000;
    private static final long CLOSE_WAIT_SECONDS = 10;

    private final GatewaySettings settings;
    private ScheduledExecutorService refresher;

    GatewayRouter(GatewaySettings settings) {
        this.settings = settings;
    }

    @Override
    public void start(RouterContext context) {
        KindLog log = GatewayLog.of(context.log(), settings.server().logLevel());
        List<Member> members = Membership.resolve(settings, context.serviceId(), context.services());
        Map<String, DocumentRules> rules = new HashMap<>();
        for (Member member : members) {
            member.settings().openapi().flatMap(openapi -> openapi.config(context.serviceDirectory())).ifPresent(file ->
                    rules.put(member.id(), DocumentRules.read(file, member.settings().pointer() + "/openapi/config")));
        }
        Documents documents = new Documents(members, rules, new DocumentFetcher(context.proxy()),
                context.serviceDirectory(), log);
        documents.read(false, false);
        try {
            context.publish(TableBuilder.build(settings, context.serviceId(), members, documents.apis()));
        } catch (PathConflict e) {
            throw KindException.at(settings.section().listPointer(), e.getMessage());
        }
        if (!documents.any()) {
            return;
        }
        boolean watch = context.development() && settings.refreshTimeout() > 0;
        long interval = settings.refreshTimeout() > 0 ? settings.refreshTimeout() : MISSING_INTERVAL_MILLIS;
        refresher = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "rt-gateway-" + context.serviceId());
            thread.setDaemon(true);
            return thread;
        });
        refresher.scheduleWithFixedDelay(() -> refresh(context, log, members, documents, watch), interval, interval,
                TimeUnit.MILLISECONDS);
    }

    private void refresh(RouterContext context, KindLog log, List<Member> members, Documents documents,
            boolean watch) {
        try {
            Documents.Changes changes = documents.read(watch, true);
            if (!changes.any()) {
                return;
            }
            context.publish(TableBuilder.build(settings, context.serviceId(), members, documents.apis()));
            for (String id : changes.arrived()) {
                log.info("fetched the schema of the \"" + id + " application\" (" + documents.source(id)
                        + "), missing until now: its routes are served from now on");
            }
            if (changes.arrived().isEmpty() || watch) {
                log.info("detected applications changes, the routes of \"" + context.serviceId()
                        + "\" follow them from now on");
            }
        } catch (PathConflict e) {
            log.error(e.getMessage() + " The routes stay as they were.");
        } catch (RuntimeException e) {
            log.error("failed to get applications info", e);
        }
    }

    /** The gateway's own server settings, which its public server applies to every request. */
    @Override
    public ServerPolicy serverPolicy() {
        return settings.server().policy();
    }

    /** Stops the re-reads, waiting for one in progress, so that none runs while the applications stop. */
    @Override
    public void close() {
        if (refresher != null) {
            refresher.shutdownNow();
            try {
                refresher.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
