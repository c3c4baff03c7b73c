package dev.rt.cli.admin;

import dev.rt.config.secret.Secrets;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.cli.runtime.RuntimeReturn;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What the dashboard reads of the runtime, each through one management API call (or a few): its state, its history,
 * its configuration redacted, its logs and a service's schemas ({@link RuntimeActions} are what it changes). Names that go into a path are checked first, so that a request
 * cannot reach another route than the one it names.
 */
final class RuntimeLink {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SERVICE = Pattern.compile("[A-Za-z0-9_.-]+(:\\d+)?");
    static final Duration QUICK = Duration.ofSeconds(30);

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
        config.set("runtime", Secrets.redact(client.getJson("/config"), true));
        ObjectNode services = config.putObject("services");
        for (JsonNode service : client.getJson("/services").path("services")) {
            String id = service.path("id").asText();
            services.set(id, Secrets.redact(client.getJson("/services/" + id + "/config"), true));
        }
        return config;
    }

    /**
     * After its management connection ended: waits while the runtime's process lives for its socket to answer again (a
     * reload of the runtime starts a new management server). True when it answers, false when the process ended.
     */
    boolean awaitReturn() {
        return RuntimeReturn.await(runtime.pid(), client, RuntimeReturn.RELOAD);
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
