package dev.rt.kind.gateway.graphql;

import dev.rt.kind.KindLog;
import dev.rt.kind.gateway.settings.ApplicationSettings;
import dev.rt.kind.service.graphql.GraphQlHttp;
import dev.rt.kind.service.graphql.GraphiQlPage;
import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's own plugin when applications have {@code graphql}: serves {@code /graphql} (and GraphiQL) over the
 * schemas of those applications merged. The schemas are read after the worker starts, in the background (the
 * applications may start after the gateway), and read again every second while some are missing; each read that
 * brings a schema makes a new engine, which serves from the next request on. Until the first, {@code /graphql}
 * answers 503 saying so.
 */
public final class ComposedGraphQl implements ServicePlugin {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final long RETRY_MILLIS = 1000;
    private final List<ApplicationSettings> applications;
    private final boolean graphiql;
    private final KindLog log;
    private final Map<String, Upstream> upstreams = new LinkedHashMap<>();
    private final Map<String, SchemaFetch.Fetched> read = new LinkedHashMap<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private volatile GraphQlHttp engine;

    /** @param applications the gateway's, those with {@code graphql} among them */
    public ComposedGraphQl(List<ApplicationSettings> applications, boolean graphiql, KindLog log) {
        this.applications = applications.stream().filter(application -> application.graphql().isPresent()).toList();
        this.graphiql = graphiql;
        this.log = log;
    }

    @Override
    public void register(ServiceContext service) {
        HttpClient http = Upstream.client();
        for (ApplicationSettings application : applications) {
            upstreams.put(application.id(), new Upstream(application.id(), URI.create(application.originOrMesh()
                    + application.graphql().get().endpoint()), http, TIMEOUT));
        }
        GraphQlEndpoint endpoint = new GraphQlEndpoint(() -> engine, this::notReady);
        service.post("/graphql").hide().handler(endpoint);
        service.get("/graphql").hide().handler(endpoint);
        if (graphiql) {
            GraphiQlPage.mount(service.router());
        }
        ScheduledExecutorService reader = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "rt-gateway-graphql");
            thread.setDaemon(true);
            return thread;
        });
        reader.scheduleWithFixedDelay(() -> {
            if (readMissing()) {
                reader.shutdown();
            }
        }, 0, RETRY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Reads the schemas still missing; true once every one is read. */
    private boolean readMissing() {
        Map<String, CompletableFuture<SchemaFetch.Fetched>> reads = new LinkedHashMap<>();
        synchronized (read) {
            upstreams.forEach((id, upstream) -> {
                if (!read.containsKey(id)) {
                    reads.put(id, SchemaFetch.fetch(upstream));
                }
            });
        }
        boolean arrived = false;
        for (Map.Entry<String, CompletableFuture<SchemaFetch.Fetched>> entry : reads.entrySet()) {
            String id = entry.getKey();
            try {
                SchemaFetch.Fetched schema = entry.getValue().get(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
                synchronized (read) {
                    read.put(id, schema);
                    failures.remove(id);
                }
                arrived = true;
            } catch (Exception e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
                synchronized (read) {
                    if (!why.equals(failures.put(id, why))) {
                        log.error("failed to fetch the GraphQL schema of the \"" + id + " application\" ("
                                + upstreams.get(id).endpoint() + "): " + why + "; read again every second");
                    }
                }
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                    return true;
                }
            }
        }
        if (arrived) {
            compose();
        }
        synchronized (read) {
            return read.size() == upstreams.size();
        }
    }

    private void compose() {
        List<SchemaFetch.Fetched> schemas = new ArrayList<>();
        synchronized (read) {
            upstreams.keySet().forEach(id -> {
                if (read.containsKey(id)) {
                    schemas.add(read.get(id));
                }
            });
        }
        try {
            engine = new GraphQlHttp(ComposedSchema.engine(SchemaMerge.of(schemas, log::warn), upstreams),
                    input -> { });
            log.info("GraphQL at /graphql composed from the schemas of the applications "
                    + String.join(", ", schemas.stream().map(SchemaFetch.Fetched::id).toList()));
        } catch (RuntimeException e) {
            log.error("failed to compose the GraphQL schemas of " + schemas.stream().map(SchemaFetch.Fetched::id)
                    .toList() + ": " + e.getMessage() + (engine != null ? "; the previous schema is served" : ""));
        }
    }

    private String notReady() {
        synchronized (read) {
            return "the composed GraphQL schema is not ready: no application's schema could be read yet"
                    + (failures.isEmpty() ? "" : " (" + failures.entrySet().stream()
                            .map(entry -> entry.getKey() + ": " + entry.getValue()).toList() + ")");
        }
    }
}
