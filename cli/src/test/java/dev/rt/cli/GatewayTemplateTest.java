package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.create.RuntimeEntrypoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rt gateway create} and {@code rt composer create}: a configuration that exposes every other service of the
 * runtime, no Maven project; and the runtime's entrypoint set to the new gateway in place, whatever the format.
 */
class GatewayTemplateTest {
    private final InProcessRt rt = new InProcessRt();

    @TempDir
    Path dir;

    private int run(String... args) {
        return rt.run(args);
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aGatewayIsItsConfigurationWithoutAMavenProject() throws IOException {
        assertThat(run("gateway", "create", "--dir", dir.resolve("edge").toString(), "--no-git", "--no-install"))
                .as(rt.err()).isZero();
        assertThat(rt.out()).contains("rt: wrote 5 files into " + dir.resolve("edge"),
                "rt: created the gateway application \"edge\"");
        assertThat(files(dir.resolve("edge"))).containsExactly(".env", ".env.sample", ".gitignore", "README.md", "rt.json");
        assertThat(Files.readString(dir.resolve("edge/rt.json"))).isEqualTo("""
                {
                  "$schema": "https://schemas.rt.dev/gateway/1.0.0.json",
                  "server": { "hostname": "{RT_SERVER_HOSTNAME}", "port": "{PORT}" },
                  "gateway": {
                    "openapi": { "title": "edge", "version": "0.1.0" }
                  }
                }
                """);
        assertThat(Files.readString(dir.resolve("edge/README.md"))).contains("A gateway of rt", "\"applications\": [");
    }

    @Test
    void aComposerListsItsServicesUnderItsOwnSection() throws IOException {
        assertThat(run("composer", "create", "--dir", dir.resolve("front").toString(), "--no-git", "--no-install"))
                .as(rt.err()).isZero();
        assertThat(Files.readString(dir.resolve("front/rt.json"))).contains(
                "\"$schema\": \"https://schemas.rt.dev/composer/1.0.0.json\"", "\"composer\": {");
        assertThat(Files.readString(dir.resolve("front/README.md"))).contains("A composer of rt", "\"services\": [");
    }

    @Test
    void theEntrypointIsReplacedInPlaceKeepingCommentsAndLayout() throws IOException {
        Files.writeString(dir.resolve("rt.json"), "{\n  \"entrypoint\" :  \"api\",\n  \"autoload\": {\"path\": \"services\"}\n}\n");
        assertThat(RuntimeEntrypoint.set(dir, "edge")).contains(dir.resolve("rt.json"));
        assertThat(Files.readString(dir.resolve("rt.json")))
                .isEqualTo("{\n  \"entrypoint\" :  \"edge\",\n  \"autoload\": {\"path\": \"services\"}\n}\n");
        Files.delete(dir.resolve("rt.json"));
        Files.writeString(dir.resolve("rt.yaml"), "# the runtime\nentrypoint: api   # the public one\nautoload:\n  path: services\n");
        assertThat(RuntimeEntrypoint.set(dir, "edge")).contains(dir.resolve("rt.yaml"));
        assertThat(Files.readString(dir.resolve("rt.yaml")))
                .isEqualTo("# the runtime\nentrypoint: edge   # the public one\nautoload:\n  path: services\n");
        Files.delete(dir.resolve("rt.yaml"));
        Files.writeString(dir.resolve("rt.toml"), "# the runtime\nentrypoint = \"api\" # public\n[autoload]\npath = \"services\"\n");
        assertThat(RuntimeEntrypoint.set(dir, "edge")).contains(dir.resolve("rt.toml"));
        assertThat(Files.readString(dir.resolve("rt.toml")))
                .isEqualTo("# the runtime\nentrypoint = \"edge\" # public\n[autoload]\npath = \"services\"\n");
        Files.writeString(dir.resolve("rt.toml"), "[autoload]\npath = \"services\"\n");
        assertThat(RuntimeEntrypoint.set(dir, "edge")).isEmpty();
    }
}
