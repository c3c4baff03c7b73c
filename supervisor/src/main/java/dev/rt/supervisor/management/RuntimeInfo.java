package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/** A running runtime found by {@link RuntimeDiscovery}: its pid, its socket and its {@code GET /metadata}. */
public record RuntimeInfo(long pid, Path socket, JsonNode metadata) {
    public String name() {
        return metadata.path("name").asText("");
    }

    public String cwd() {
        return metadata.path("cwd").asText("");
    }

    public ManagementClient client() {
        return new ManagementClient(socket);
    }

    /** {@code 1234 (name, /dir)}: how error messages list candidates. */
    public String describe() {
        return pid + " (" + name() + ", " + metadata.path("projectDir").asText("") + ")";
    }
}
