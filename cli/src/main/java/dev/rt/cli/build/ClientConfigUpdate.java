package dev.rt.cli.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.cli.project.ConfigEdit;
import dev.rt.cli.project.ProjectLayout;
import dev.rt.config.read.ConfigFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The {@code clients} entry a generated client adds to the configuration of the service that uses it. */
final class ClientConfigUpdate {
    private ClientConfigUpdate() {
    }

    /**
     * Adds {@code {"serviceId": id, "url": url}} to the service configuration {@code config} (or the one in the current
     * directory) unless an entry for {@code id} is there; a runtime's configuration, or none, is left alone, saying so.
     * Without a {@code url} (a service of the runtime, or an API described by a file) the entry names the service
     * alone, which the service kind calls at its mesh address {@code http://<id>.rt.local}.
     */
    static void add(Path config, String serviceId, String url, PrintWriter out) throws IOException {
        Optional<Path> file = Optional.ofNullable(config).or(() -> ConfigFiles.LOOKUP_ORDER.stream().map(Path::of)
                .filter(Files::isRegularFile).findFirst());
        if (file.isEmpty()) {
            out.println("rt: no configuration in the current directory: add {\"serviceId\": \"" + serviceId
                    + "\"} to the clients of the service that calls it");
            return;
        }
        Path path = Files.isDirectory(file.get()) ? ConfigFiles.LOOKUP_ORDER.stream().map(file.get()::resolve)
                .filter(Files::isRegularFile).findFirst().orElse(file.get().resolve("rt.json")) : file.get();
        if (ProjectLayout.read(path).runtime()) {
            out.println("rt: " + path + " is a runtime's configuration, whose services list their own clients: add {\"serviceId\": \""
                    + serviceId + "\"} to the one that calls it (or run rt client in its directory)");
            return;
        }
        JsonNode tree = ConfigFiles.read(path);
        JsonNode clients = tree.path("clients");
        for (JsonNode client : clients) {
            if (client.path("serviceId").asText().equals(serviceId)) {
                out.println("rt: " + path + " already lists the client of \"" + serviceId + "\"");
                return;
            }
        }
        ArrayNode list = clients.isArray() ? (ArrayNode) clients : ((ObjectNode) tree).putArray("clients");
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("serviceId", serviceId);
        if (url != null) {
            fields.put("url", url);
        }
        ObjectNode entry = list.addObject();
        fields.forEach(entry::put);
        if (ConfigEdit.appendToList(path, tree, "clients", fields) == ConfigEdit.Outcome.REWRITTEN) {
            out.println("rt: warning: " + path + ": the entry could not be added in place, so the file was written"
                    + " anew from its content (its comments and layout are lost)");
        }
        out.println("rt: added the client of \"" + serviceId + "\" (" + (url != null ? url : "http://" + serviceId
                + ".rt.local, through the mesh") + ") to " + path);
    }
}
