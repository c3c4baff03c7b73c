package dev.rt.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.RtException;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the dashboard asks of the runtime, each through one management API call (or a few): its state, its history,
 * its configuration redacted, and the actions. Names that go into a path are checked first, so that a request
 * cannot reach another route than the one it names.
 */
final class RuntimeLink {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SERVICE = Pattern.compile("[A-Za-z0-9_.-]+(:\\d+)?");
    private static final Pattern JOB = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final Pattern ACTIONS = Pattern.compile("pause|resume|run");
    private static final Duration QUICK = Duration.ofSeconds(30);
    /** How long a reloading runtime may take to answer again before the dashboard gives up on it. */
    private static final Duration RELOAD = Duration.ofMinutes(5);

    private final RuntimeInfo runtime;
    private final ManagementClient client;
    private ObjectNode slow; // under this

    RuntimeLink(RuntimeInfo runtime) {
        this.runtime = runtime;
        this.client = runtime.client();
    }

    RuntimeInfo runtime() {
        return runtime;
    }

    ManagementClient client() {
        return client;
    }

    /** {@code {runtime, services, scheduler, httpCache}}: the page's tables, as of now. */
    ObjectNode state() throws IOException {
        return state(true);
    }

    /**
     * The state with the services as of now, and the rest ({@code /metadata}, {@code /scheduler}, {@code /http-cache})
     * asked again only when {@code all}, else as last asked: what the live feed sends every second costs the runtime
     * one call, not four.
     */
    synchronized ObjectNode state(boolean all) throws IOException {
        if (all || slow == null) {
            slow = JSON.createObjectNode();
            slow.set("runtime", client.getJson("/metadata"));
            slow.set("scheduler", client.getJson("/scheduler"));
            slow.set("httpCache", client.getJson("/http-cache"));
        }
        ObjectNode state = slow.deepCopy();
        state.set("services", client.getJson("/services"));
        return state;
    }

    byte[] history(long since) throws IOException {
        return ManagementClient.checked(client.request("GET", "/history?since=" + since, List.of(), new byte[0], QUICK))
                .body();
    }

    /** {@code {runtime: <config>, services: {id: <config>}}}, redacted. */
    ObjectNode config() throws IOException {
        ObjectNode config = JSON.createObjectNode();
        config.set("runtime", ConfigRedaction.redact(client.getJson("/config")));
        ObjectNode services = config.putObject("services");
        for (JsonNode service : client.getJson("/services").path("services")) {
            String id = service.path("id").asText();
            services.set(id, ConfigRedaction.redact(client.getJson("/services/" + id + "/config")));
        }
        return config;
    }

    /**
     * After its management socket closed: waits while the runtime's process lives for the socket to answer again (a
     * reload of the runtime starts a new one). True when it answers, false when the process ended.
     */
    boolean awaitReturn() {
        var process = ProcessHandle.of(runtime.pid());
        long deadline = System.nanoTime() + RELOAD.toNanos();
        while (process.map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            try {
                if (client.getJson("/status").path("status").asText().equals("started")) {
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                // not back yet
            }
            try {
                Thread.sleep(250); // nothing to wait on from another process: ask again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    JsonNode logIndexes() throws IOException {
        return client.getJson("/logs/indexes");
    }

    byte[] logFile(int index) throws IOException {
        return ManagementClient.checked(client.request("GET", "/logs/" + index, List.of(), new byte[0], QUICK)).body();
    }

    /** The service's OpenAPI document or GraphQL schema ({@code kind} {@code openapi} or {@code graphql}). */
    ManagementClient.Response schema(String service, String kind) throws IOException {
        return client.request("GET", "/services/" + service(service) + "/" + kind + "-schema", List.of(), new byte[0],
                Duration.ofMinutes(1));
    }

    /** Replaces the service's workers one at a time. */
    void restart(String service) throws IOException {
        byte[] body = JSON.writeValueAsBytes(Map.of("services", List.of(service(service))));
        ManagementClient.checked(client.request("POST", "/restart", List.of(Map.entry("content-type", "application/json")),
                body, Duration.ofMinutes(10)));
    }

    /** Stops the runtime and starts it again with its configuration read anew (same process). */
    void reload() throws IOException {
        client.call("POST", "/reload");
    }

    /** A heap dump ({@code heap-dump}) or a JFR recording ({@code profile}) of a worker, into {@code target}. */
    long diagnose(String service, String kind, long durationMillis, Path target) throws IOException {
        String path = "/services/" + service(service) + "/" + kind
                + (kind.equals("profile") ? "?durationMillis=" + durationMillis : "");
        return client.download("POST", path, target, Duration.ofMillis(durationMillis).plus(Duration.ofMinutes(10)));
    }

    JsonNode scheduler(String job, String action) throws IOException {
        if (!JOB.matcher(job).matches() || !ACTIONS.matcher(action).matches()) {
            throw new IllegalArgumentException("no scheduler action \"" + action + "\" of a job \"" + job + "\"");
        }
        return ManagementClient.json(client.request("POST", "/scheduler/" + job + "/" + action, List.of(), new byte[0],
                Duration.ofMinutes(10)));
    }

    /** Removes the HTTP cache's entries that carry one of {@code tags}. */
    void invalidate(List<String> tags) throws IOException {
        byte[] body = JSON.writeValueAsBytes(Map.of("tags", tags));
        ManagementClient.checked(client.request("POST", "/http-cache/invalidate",
                List.of(Map.entry("content-type", "application/json")), body, QUICK));
    }

    /** A path segment as the page encoded it ({@code back%3A0}). */
    static String decode(String segment) {
        return URLDecoder.decode(segment, StandardCharsets.UTF_8);
    }

    static String service(String service) {
        if (!SERVICE.matcher(service).matches()) {
            throw new IllegalArgumentException("\"" + service + "\" is not a service id or service:N");
        }
        return service;
    }

    /** The message of a failed call, for the page. */
    static String message(Exception e) {
        return e instanceof RtException || e instanceof IllegalArgumentException ? e.getMessage()
                : "cannot reach the runtime: " + e.getMessage();
    }
}
