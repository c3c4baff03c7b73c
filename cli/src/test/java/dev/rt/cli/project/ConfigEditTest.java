package dev.rt.cli.project;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.read.ConfigFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The edits rt client and rt resolve make keep a configuration's comments and layout, in every format. */
class ConfigEditTest {
    private static final Set<String> LISTS = Set.of("services", "applications", "web");

    @TempDir
    Path dir;

    private static Map<String, String> client(String id, String url) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put("serviceId", id);
        if (url != null) {
            entry.put("url", url);
        }
        return entry;
    }

    /** Adds the client to the file as rt client does, returning the outcome; the file must then parse to that tree. */
    private ConfigEdit.Outcome addClient(Path file, String id, String url) throws IOException {
        JsonNode tree = ConfigFiles.read(file);
        ArrayNode clients = tree.path("clients").isArray() ? (ArrayNode) tree.path("clients")
                : ((ObjectNode) tree).putArray("clients");
        ObjectNode entry = clients.addObject();
        client(id, url).forEach(entry::put);
        ConfigEdit.Outcome outcome = ConfigEdit.appendToList(file, tree, "clients", client(id, url));
        assertThat(ConfigFiles.read(file)).isEqualTo(tree);
        return outcome;
    }

    private ConfigEdit.Outcome addPath(Path file, String id, String path) throws IOException {
        JsonNode tree = ConfigFiles.read(file);
        for (JsonNode entry : tree.path("services")) {
            if (entry.path("id").asText().equals(id)) {
                ((ObjectNode) entry).put("path", path);
            }
        }
        ConfigEdit.Outcome outcome = ConfigEdit.addToEntry(file, tree, LISTS, id, "path", path);
        assertThat(ConfigFiles.read(file)).isEqualTo(tree);
        return outcome;
    }

    @Test
    void yamlKeepsItsCommentsWhenAClientAndAPathAreAdded() throws IOException {
        Path file = dir.resolve("rt.yaml");
        Files.writeString(file, """
                # the caller service
                $schema: https://schemas.rt.dev/service/1.0.0.json   # kind
                clients:
                  # the first one
                  - serviceId: movies
                    url: http://movies.rt.local
                # the end
                """);
        assertThat(addClient(file, "people", null)).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(addClient(file, "quotes", "http://quotes.example.com")).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(Files.readString(file)).isEqualTo("""
                # the caller service
                $schema: https://schemas.rt.dev/service/1.0.0.json   # kind
                clients:
                  # the first one
                  - serviceId: movies
                    url: http://movies.rt.local
                  - serviceId: "people"
                  - serviceId: "quotes"
                    url: "http://quotes.example.com"
                # the end
                """);

        Path runtime = dir.resolve("runtime/rt.yml");
        Files.createDirectories(runtime.getParent());
        Files.writeString(runtime, "entrypoint: api # public\nservices:\n  - id: api   # ours\n    url: https://git.example.com/api.git\n");
        assertThat(addPath(runtime, "api", "external/api")).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(Files.readString(runtime)).isEqualTo("entrypoint: api # public\nservices:\n  - id: api   # ours\n"
                + "    path: \"external/api\"\n    url: https://git.example.com/api.git\n");
    }

    @Test
    void yamlWithoutTheListGetsItAtTheEndAndAFlowStyleListIsRewritten() throws IOException {
        Path file = dir.resolve("rt.yaml");
        Files.writeString(file, "# caller\nservice:\n  openapi: true\n");
        assertThat(addClient(file, "movies", null)).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(Files.readString(file)).isEqualTo("# caller\nservice:\n  openapi: true\nclients:\n  - serviceId: \"movies\"\n");
        Files.writeString(file, "# caller\nclients: [{serviceId: movies}]\n");
        assertThat(addClient(file, "people", null)).isEqualTo(ConfigEdit.Outcome.REWRITTEN);
    }

    @Test
    void tomlKeepsItsCommentsWhenAClientAndAPathAreAdded() throws IOException {
        Path file = dir.resolve("rt.toml");
        Files.writeString(file, "# the caller\n\"$schema\" = \"https://schemas.rt.dev/service/1.0.0.json\"\n\n"
                + "[[clients]] # first\nserviceId = \"movies\"\n\n[service]\nopenapi = true # on\n");
        assertThat(addClient(file, "people", "http://people.example.com")).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(Files.readString(file)).isEqualTo("# the caller\n\"$schema\" = \"https://schemas.rt.dev/service/1.0.0.json\"\n\n"
                + "[[clients]] # first\nserviceId = \"movies\"\n\n[service]\nopenapi = true # on\n\n"
                + "[[clients]]\nserviceId = \"people\"\nurl = \"http://people.example.com\"\n");

        Path runtime = dir.resolve("runtime/rt.toml");
        Files.createDirectories(runtime.getParent());
        Files.writeString(runtime, "entrypoint = \"api\" # public\n\n[[services]]\n  id = \"api\" # ours\n  url = \"https://git.example.com/api.git\"\n");
        assertThat(addPath(runtime, "api", "external/api")).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(Files.readString(runtime)).isEqualTo("entrypoint = \"api\" # public\n\n[[services]]\n  id = \"api\" # ours\n"
                + "  path = \"external/api\"\n  url = \"https://git.example.com/api.git\"\n");
    }

    @Test
    void jsonKeepsItsLayout() throws IOException {
        Path file = dir.resolve("rt.json");
        Files.writeString(file, "{\n    \"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\",\n    \"clients\": []\n}\n");
        assertThat(addClient(file, "movies", null)).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(addClient(file, "people", "http://people.example.com")).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(Files.readString(file)).isEqualTo("{\n    \"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\",\n"
                + "    \"clients\": [{ \"serviceId\": \"movies\" }, { \"serviceId\": \"people\", \"url\": \"http://people.example.com\" }]\n}\n");
        Path bare = dir.resolve("bare/rt.json");
        Files.createDirectories(bare.getParent());
        Files.writeString(bare, "{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\"}\n");
        assertThat(addClient(bare, "movies", null)).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(Files.readString(bare)).isEqualTo("{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\",\n"
                + "  \"clients\": [{ \"serviceId\": \"movies\" }]}\n");

        Path runtime = dir.resolve("runtime/rt.json");
        Files.createDirectories(runtime.getParent());
        Files.writeString(runtime, "{\"entrypoint\": \"api\",\n \"services\": [{\"id\": \"api\", \"url\": \"https://git.example.com/api.git\"}]}\n");
        assertThat(addPath(runtime, "api", "external/api")).isEqualTo(ConfigEdit.Outcome.IN_PLACE);
        assertThat(Files.readString(runtime)).isEqualTo("{\"entrypoint\": \"api\",\n \"services\": [{\"id\": \"api\","
                + " \"path\": \"external/api\", \"url\": \"https://git.example.com/api.git\"}]}\n");
    }
}
