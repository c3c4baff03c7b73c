package dev.rt.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.supervisor.management.ManagementClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the dashboard's actions change in the runtime, each one management API call: a restart, a reload, a heap dump
 * or JFR recording, a scheduler job's pause/resume/run, a cache invalidation. Names that go into a path are checked
 * first ({@link RuntimeLink#service}), so that an action cannot reach another route than the one it names.
 */
final class RuntimeActions {
    private static final Pattern JOB = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final Pattern ACTIONS = Pattern.compile("pause|resume|run");

    private final ManagementClient client;

    RuntimeActions(ManagementClient client) {
        this.client = client;
    }

    /** Replaces the service's workers one at a time. */
    void restart(String service) throws IOException {
        byte[] body = RuntimeLink.JSON.writeValueAsBytes(Map.of("services", List.of(RuntimeLink.service(service))));
        ManagementClient.checked(client.request("POST", "/restart", List.of(Map.entry("content-type", "application/json")),
                body, Duration.ofMinutes(10)));
    }

    /** Stops the runtime and starts it again with its configuration read anew (same process). */
    void reload() throws IOException {
        client.call("POST", "/reload");
    }

    /** A heap dump ({@code heap-dump}) or a JFR recording ({@code profile}) of a worker, into {@code target}. */
    long diagnose(String service, String kind, long durationMillis, Path target) throws IOException {
        String path = "/services/" + RuntimeLink.service(service) + "/" + kind
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
        byte[] body = RuntimeLink.JSON.writeValueAsBytes(Map.of("tags", tags));
        ManagementClient.checked(client.request("POST", "/http-cache/invalidate",
                List.of(Map.entry("content-type", "application/json")), body, RuntimeLink.QUICK));
    }
}
