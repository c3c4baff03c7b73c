package dev.rt.cli.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which file of a runtime goes where in its image, and in which layer. */
class ImageLayoutTest {
    private static final Path TESTDATA = Path.of(System.getProperty("rt.testdata.dir", "../testdata")).toAbsolutePath()
            .normalize();

    @TempDir
    Path dir;

    private Path distribution() throws Exception {
        Path home = dir.resolve("rt-home");
        Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("lib"));
        Files.createDirectories(home.resolve("maven/dev/rt"));
        Files.writeString(home.resolve("bin/rt"), "#!/bin/sh\n");
        Files.writeString(home.resolve("lib/rt.jar"), "jar");
        Files.writeString(home.resolve("maven/dev/rt/rt-kind-java.pom"), "pom");
        return home;
    }

    private static List<String> targets(ImageLayout layout, String layer) {
        return layout.layers().stream().filter(l -> l.name().equals(layer)).findFirst().orElseThrow().entries().stream()
                .map(ImageLayout.Entry::target).toList();
    }

    @Test
    void theDemosClassPathOutsideItsDirectoryKeepsItsRelativePlaceAndEachKindOfFileItsLayer() throws Exception {
        RuntimeConfig demo = new RuntimeConfigLoader(Map.of(), TESTDATA.resolve("demo")).load(Optional.empty());
        Path generated = Files.writeString(dir.resolve("rt.json"), "{}");
        ImageLayout layout = ImageLayout.of(demo, distribution(), ImageIgnore.of(List.of()),
                Map.of(TESTDATA.resolve("demo/rt.json"), generated));

        assertThat(layout.workingDirectory()).isEqualTo("/app/demo");
        assertThat(layout.configuration()).isEqualTo("/app/demo/rt.json");
        assertThat(ImageLayout.workingDirectory(demo)).isEqualTo("/app/demo");
        assertThat(layout.layers()).extracting(ImageLayout.Layer::name).containsExactly("rt", "dependencies of greeter",
                "dependencies of hello", "classes of greeter", "classes of hello", "runtime files", "configuration");
        assertThat(targets(layout, "rt")).containsExactly("/opt/rt/bin/rt", "/opt/rt/lib/rt.jar");
        assertThat(targets(layout, "dependencies of greeter")).containsExactly("/app/target/rt-testdata.jar");
        assertThat(targets(layout, "dependencies of hello")).isEmpty(); // the same jar, placed once
        assertThat(targets(layout, "configuration")).containsExactly("/app/demo", "/app/demo/services/greeter",
                "/app/demo/services/hello", "/app/demo/services/greeter/rt.json", "/app/demo/services/hello/rt.json",
                "/app/demo/rt.json");
    }

    @Test
    void ignoredFilesStayOutAndAServicesOwnFilesAreItsClasses() throws Exception {
        Path runtime = dir.resolve("shop");
        Path api = Files.createDirectories(runtime.resolve("services/api/target/classes/a"));
        Files.writeString(api.resolve("B.class"), "class");
        Files.createDirectories(runtime.resolve("services/api/lib"));
        Files.writeString(runtime.resolve("services/api/lib/dep.jar"), "jar");
        Files.createDirectories(runtime.resolve("services/api/src/main/java"));
        Files.writeString(runtime.resolve("services/api/src/main/java/B.java"), "class B {}");
        Files.writeString(runtime.resolve("services/api/rt.json"),
                "{\"java\": {\"classpath\": [\"target/classes\", \"lib/*\"], \"build\": \"a.B\"}}");
        Files.writeString(runtime.resolve("services/api/.env"), "TOKEN=x\n");
        Files.writeString(runtime.resolve("rt.json"), "{\"entrypoint\": \"api\", \"autoload\": {\"path\": \"services\"}}");
        Files.writeString(runtime.resolve("README.md"), "# shop");
        Files.writeString(runtime.resolve("debug.log"), "noise");
        RuntimeConfig shop = new RuntimeConfigLoader(Map.of(), runtime).load(Optional.empty());

        ImageLayout layout = ImageLayout.of(shop, distribution(), ImageIgnore.of(runtime), Map.of());

        assertThat(layout.workingDirectory()).isEqualTo("/app");
        assertThat(targets(layout, "dependencies of api")).containsExactly("/app/services/api/lib/dep.jar");
        assertThat(targets(layout, "classes of api")).containsExactly("/app/services/api/target/classes/a/B.class");
        assertThat(targets(layout, "runtime files")).containsExactly("/app/README.md");
        assertThat(targets(layout, "configuration")).containsExactly("/app", "/app/services/api",
                "/app/services/api/rt.json");
    }
}
