package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.create.KindCreateCommand;
import dev.rt.cli.output.ExitCodes;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code rt create} and {@code rt <kind> create} in-process: what they write, and what they refuse. */
class CreateCommandTest {
    private final InProcessRt rt = new InProcessRt();

    @TempDir
    Path dir;

    private int run(String... args) {
        return rt.run(args);
    }

    private List<String> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void createWritesTheRuntimeAndItsFirstServiceWithThePortAndHostnameInDotEnv() throws IOException {
        assertThat(run("create", "--dir", dir.resolve("app").toString(), "--no-git", "--no-install", "--port", "4000",
                "--hostname", "127.0.0.1", "--name", "movie-store")).as(rt.err()).isZero();
        Path app = dir.resolve("app");
        assertThat(files(app)).containsExactly(".env", ".env.sample", ".gitignore", ".imageignore", "README.md", "rt.json",
                "services/movie-store/.env", "services/movie-store/.env.sample", "services/movie-store/.gitignore",
                "services/movie-store/.mvn/wrapper/maven-wrapper.properties", "services/movie-store/mvnw",
                "services/movie-store/pom.xml", "services/movie-store/rt.json",
                "services/movie-store/src/main/java/com/example/moviestore/HelloPlugin.java",
                "services/movie-store/src/main/resources/META-INF/services/dev.rt.service.ServicePlugin",
                "services/movie-store/src/test/java/com/example/moviestore/HelloPluginTest.java");
        assertThat(Files.readString(app.resolve(".env"))).contains("RT_SERVER_HOSTNAME=127.0.0.1\nPORT=4000\n");
        assertThat(Files.readString(app.resolve("rt.json"))).contains("\"entrypoint\": \"movie-store\"",
                "\"$schema\": \"https://schemas.rt.dev/runtime/1.0.0.json\"",
                "\"image\": { \"base\": \"eclipse-temurin:17-jre\", \"to\": \"registry.example.com/movie-store:0.1.0\"");
        assertThat(Files.readString(app.resolve(".imageignore"))).contains("\n.git/\n", "\nsrc/\n");
        assertThat(Files.readString(app.resolve("services/movie-store/rt.json")))
                .contains("\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\"");
        assertThat(Files.readString(app.resolve("services/movie-store/pom.xml"))).contains("<artifactId>movie-store</artifactId>")
                .doesNotContain("{{");
        assertThat(Files.isExecutable(app.resolve("services/movie-store/mvnw"))).isTrue();
        assertThat(dir.toFile().list()).containsExactly("app"); // no staging directory left behind
    }

    @Test
    void withoutThePluginTheServiceHasNoSourcesAndItsConfigurationNamesNone() throws IOException {
        assertThat(run("create", "--dir", dir.toString(), "--no-git", "--no-install", "--plugin=false")).isZero();
        assertThat(files(dir)).noneMatch(file -> file.contains("src/"));
        assertThat(Files.readString(dir.resolve("services/api/rt.json"))).doesNotContain("plugins");
    }

    @Test
    void aDirectoryThatIsNotEmptyIsRefusedAndLeftAsItWas() throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThat(run("create", "--dir", dir.toString(), "--no-git", "--no-install")).isEqualTo(ExitCodes.USAGE);
        assertThat(rt.err()).contains("rt: " + dir + " is not empty: give a new or empty directory with --dir,"
                + " or --force to add the project to it (no file is ever overwritten)");
        assertThat(files(dir)).containsExactly("notes.txt");
    }

    @Test
    void forceAddsToADirectoryButAFileInTheWayStopsEverythingBeforeAnythingIsWritten() throws IOException {
        Files.createDirectories(dir.resolve("services/api"));
        Files.writeString(dir.resolve("services/api/pom.xml"), "<project/>");
        Files.writeString(dir.resolve("README.md"), "mine");
        assertThat(run("create", "--dir", dir.toString(), "--no-git", "--no-install", "--force"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(rt.err()).contains("cannot create the project in " + dir + ": README.md, services/api/pom.xml"
                + " are already there, and rt create never overwrites a file; nothing was written");
        assertThat(files(dir)).containsExactly("README.md", "services/api/pom.xml");
        Files.delete(dir.resolve("services/api/pom.xml"));
        Files.delete(dir.resolve("README.md"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThat(run("create", "--dir", dir.toString(), "--no-git", "--no-install", "--force")).isZero();
        assertThat(files(dir)).contains("notes.txt", "rt.json", "services/api/pom.xml");
        assertThat(Files.readString(dir.resolve("notes.txt"))).isEqualTo("mine");
    }

    @Test
    void theKindMayBeNamedAfterCreateAsWithKind() throws IOException {
        assertThat(run("create", "db", "--dir", dir.resolve("app").toString(), "--no-git", "--no-install",
                "--name", "catalog")).as(rt.err()).isZero();
        assertThat(Files.readString(dir.resolve("app/services/catalog/rt.json")))
                .contains("\"$schema\": \"https://schemas.rt.dev/db/1.0.0.json\"");
        assertThat(dir.resolve("app/services/catalog/migrations/001.do.sql")).exists();
        assertThat(run("create", "db", "--kind", "service", "--dir", dir.resolve("other").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(rt.err()).contains("rt: the kind is given twice, \"db\" and --kind service: give one");
        assertThat(dir.resolve("other")).doesNotExist();
    }

    @Test
    void optionsWithoutMeaningAreRefusedWithTheReason() {
        assertThat(run("create", "--dir", dir.toString(), "--typescript")).isEqualTo(ExitCodes.USAGE);
        assertThat(rt.err()).contains("rt: --typescript: rt writes Java projects, whose plugins javac compiles;"
                + " TypeScript has no meaning on the JVM (leave the option out)");
        assertThat(run("create", "--dir", dir.toString(), "--name", "Movie_Store")).isEqualTo(ExitCodes.USAGE);
        assertThat(rt.err()).contains("rt: --name: \"Movie_Store\" cannot be a service id");
        assertThat(run("create", "--dir", dir.toString(), "--port", "70000")).isEqualTo(ExitCodes.USAGE);
        assertThat(rt.err()).contains("rt: --port: must be a port number from 0 to 65535, found \"70000\"");
        assertThat(run("create", "--dir", dir.toString(), "--kind", "nosuch")).isEqualTo(ExitCodes.USAGE);
        assertThat(rt.err()).contains("rt: the \"nosuch\" kind is not part of this rt; rt creates projects of the kinds");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"java", "service", "db", "gateway"})
    void aKindsCreateOnItsOwnListensWhereItsPortAndHostnameSay(String kind) throws IOException {
        Path app = dir.resolve("app");
        assertThat(run(kind, "create", "--dir", app.toString(), "--no-git", "--no-install", "--port", "4999",
                "--hostname", "127.0.0.1")).as(rt.err()).isZero();
        assertThat(Files.readString(app.resolve(".env"))).contains("RT_SERVER_HOSTNAME=127.0.0.1\nPORT=4999\n");
        assertThat(Files.readString(app.resolve(".env.sample"))).contains("RT_SERVER_HOSTNAME=127.0.0.1\nPORT=4999\n");
        RuntimeConfig runtime = new RuntimeConfigLoader(Map.of(), app).withoutClassPaths().load(Optional.of(app));
        assertThat(runtime.server().port()).isEqualTo(4999);
        assertThat(runtime.server().hostname()).isEqualTo("127.0.0.1");
    }

    @Test
    void aKindsCreateInsideARuntimeGoesToItsAutoloadFolder() throws IOException {
        Files.writeString(dir.resolve("rt.json"), "{\"autoload\": {\"path\": \"web\"}}");
        assertThat(KindCreateCommand.autoloadFolder(dir)).contains(dir.resolve("web"));
        assertThat(run("java", "create", "--dir", dir.resolve("web/clock").toString(), "--no-git", "--no-install"))
                .as(rt.err()).isZero();
        assertThat(files(dir.resolve("web/clock"))).contains("rt.json", "pom.xml", "mvnw",
                "src/main/java/com/example/clock/Clock.java", "src/test/java/com/example/clock/ClockTest.java");
        assertThat(Files.readString(dir.resolve("web/clock/rt.json"))).contains("\"build\": \"com.example.clock.Clock\"");
    }
}
