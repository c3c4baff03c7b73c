package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuntimeConfigLoaderTest {
    @TempDir
    Path dir;

    private RuntimeConfig load(Map<String, String> env) {
        return new RuntimeConfigLoader(env, dir).load(Optional.empty());
    }

    private void write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private String probe() {
        return Fixtures.app("probe").toString();
    }

    @Test
    void demoConfigurationLoadsWithDefaults() {
        Path demo = Fixtures.testdata().resolve("demo");
        RuntimeConfig config = new RuntimeConfigLoader(Map.of(), demo).load(Optional.empty());

        assertThat(config.entrypoint()).isEqualTo("hello");
        assertThat(config.serviceIds()).containsExactly("greeter", "hello");
        assertThat(config.server()).isEqualTo(new ServerConfig("127.0.0.1", 3042, false, Optional.empty()));
        assertThat(config.startTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.gracefulShutdown()).isEqualTo(new GracefulShutdown(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ZERO));
        assertThat(config.restartOnError()).isEqualTo(RestartPolicy.of(5000));
        assertThat(config.serviceTimeout()).isEqualTo(Duration.ofMinutes(5));
        ServiceConfig greeter = config.service("greeter").orElseThrow();
        assertThat(greeter.directory()).isEqualTo(demo.resolve("services/greeter"));
        assertThat(greeter.application().kind()).isEqualTo("java");
        assertThat(greeter.application().classpath())
                .containsExactly(Fixtures.testdata().resolve("target/rt-testdata.jar"));
    }

    @Test
    void servicesCalledThroughClientsAreDependenciesBesideTheDeclaredOnes() throws IOException {
        String jar = Fixtures.testdata().resolve("target/rt-testdata.jar").toString().replace("\\", "/");
        write("api/rt.json", "{\"java\": {\"classpath\": [\"" + jar + "\"], \"build\": \"dev.rt.testdata.probe.Probe\"},"
                + " \"clients\": [{\"serviceId\": \"back\"}, {\"url\": \"https://example.com\"}, {\"serviceId\": \"cache\"}]}");
        write("rt.json", "{\"entrypoint\": \"api\", \"services\": ["
                + "{\"id\": \"cache\", \"path\": \"" + probe() + "\"}, {\"id\": \"back\", \"path\": \"" + probe() + "\"},"
                + " {\"id\": \"api\", \"path\": \"api\", \"dependencies\": [\"cache\"]}]}");

        assertThat(load(Map.of()).service("api").orElseThrow().dependencies()).containsExactly("cache", "back");
    }

    @Test
    void missingConfigurationNamesTheDirectoryAndTheNamesLookedFor() {
        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("no configuration file found in " + dir
                        + ": looked for rt.json, rt.yml, rt.yaml, rt.tml, rt.toml (run rt where one is, or give it with -c <path>)");
    }

    @Test
    void lookupPrefersJsonOverYaml() throws IOException {
        write("rt.yml", "services: []\n");
        write("rt.json", "{\"services\": [{\"id\": \"a\", \"path\": \"" + probe() + "\"}]}");
        assertThat(load(Map.of()).file()).isEqualTo(dir.resolve("rt.json"));
    }

    @Test
    void parseErrorNamesFileLineAndColumn() throws IOException {
        write("rt.json", "{\n  \"services\": [\n    {\"id\": }\n  ]\n}\n");
        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(dir.resolve("rt.json") + ":3:12: cannot parse JSON: ");
    }

    @Test
    void aLocationInsideTheParsersMessageReadsAsLineAndColumn() throws IOException {
        write("rt.json", "{\n  \"services\": [{ \"id\": \"a\" } }\n}\n");
        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage(dir.resolve("rt.json") + ":2:30: cannot parse JSON: Unexpected close marker '}': expected ']'"
                        + " (for Array starting at line 2, column 15)");
    }

    @Test
    void aYamlProblemAboutALineBreakStaysOnOneLine() throws IOException {
        write("rt.yml", "*\nservices: []\n");
        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage(dir.resolve("rt.yml") + ":1:1: cannot parse YAML: unexpected character found (10)"
                        + " (while scanning an alias at line 1, column 1)");
    }

    @Test
    void unknownExtensionNamesTheAcceptedOnes() throws IOException {
        write("runtime.ini", "x=1");
        assertThatThrownBy(() -> new RuntimeConfigLoader(Map.of(), dir).load(Optional.of(Path.of("runtime.ini"))))
                .hasMessage(dir.resolve("runtime.ini") + ": unknown configuration format \".ini\"; use one of .json, .yml, .yaml, .tml, .toml");
    }

    @Test
    void yamlAndTomlGiveTheSameConfiguration() throws IOException {
        write("a/rt.yaml", "entrypoint: api\nworkers: 2\nservices:\n  - id: api\n    path: " + probe()
                + "\n  - id: back\n    path: " + probe() + "\n");
        write("b/rt.toml", "entrypoint = \"api\"\nworkers = 2\n[[services]]\nid = \"api\"\npath = \"" + probe()
                + "\"\n[[services]]\nid = \"back\"\npath = \"" + probe() + "\"\n");
        RuntimeConfig yaml = new RuntimeConfigLoader(Map.of(), dir.resolve("a")).load(Optional.empty());
        RuntimeConfig toml = new RuntimeConfigLoader(Map.of(), dir.resolve("b")).load(Optional.empty());

        assertThat(yaml.services()).isEqualTo(toml.services());
        assertThat(yaml.service("back").orElseThrow().workers()).isEqualTo(2);
        assertThat(yaml.service("api").orElseThrow().workers()).as("the entrypoint runs one worker").isEqualTo(1);
    }

    @Test
    void aServiceHealthOverridesTheRuntimeHealthKeyByKey() throws IOException {
        write("rt.json", "{\"entrypoint\": \"api\", \"health\": {\"maxHeapTotal\": \"1G\", \"maxELU\": 0.9},"
                + " \"services\": [{\"id\": \"api\", \"path\": \"" + probe() + "\", \"health\": {\"interval\": 1000,"
                + " \"gracePeriod\": 500, \"maxUnhealthyChecks\": 2, \"maxELU\": 0.6, \"maxYoungGeneration\": \"256M\"}},"
                + " {\"id\": \"back\", \"path\": \"" + probe() + "\"}]}");
        RuntimeConfig config = load(Map.of());

        assertThat(config.service("api").orElseThrow().health()).isEqualTo(new HealthConfig(true, Duration.ofSeconds(1),
                Duration.ofMillis(500), 2, 0.6, 0.99, 1L << 30, OptionalLong.of(256L << 20)));
        assertThat(config.service("back").orElseThrow().health()).isEqualTo(new HealthConfig(true, Duration.ofSeconds(30),
                Duration.ofSeconds(30), 10, 0.9, 0.99, 1L << 30, OptionalLong.empty()));
    }

    @Test
    void placeholdersComeFromTheRealEnvironmentBeforeDotEnv() throws IOException {
        write(".env", "RT_WORKERS=3\nRT_HOST=from-dotenv\n");
        write("rt.json", "{\"server\": {\"hostname\": \"{RT_HOST}\"}, \"entrypoint\": \"api\", \"services\": ["
                + "{\"id\": \"api\", \"path\": \"" + probe() + "\"},"
                + "{\"id\": \"worker\", \"path\": \"" + probe() + "\", \"workers\": \"{RT_WORKERS}\"}]}");
        RuntimeConfig config = load(Map.of("RT_HOST", "from-env"));

        assertThat(config.server().hostname()).isEqualTo("from-env");
        assertThat(config.service("worker").orElseThrow().workers()).isEqualTo(3);
    }

    @Test
    void serviceUrlPlaceholderResolvesToTheMeshName() throws IOException {
        write("rt.json", "{\"entrypoint\": \"api\", \"services\": ["
                + "{\"id\": \"api\", \"path\": \"" + probe() + "\", \"env\": {\"BACK\": \"{RT_USER_STORE_URL}/x\"}},"
                + "{\"id\": \"user-store\", \"path\": \"" + probe() + "\"}]}");
        assertThat(load(Map.of()).service("api").orElseThrow().env()).containsEntry("BACK", "http://user-store.rt.local/x");
    }

    @Test
    void strictEnvListsEveryMissingVariableSorted() throws IOException {
        write("rt.json", "{\"runtime\": {\"strictEnv\": true}, \"server\": {\"hostname\": \"{ZED}{ALPHA}\"},"
                + " \"services\": [{\"id\": \"api\", \"path\": \"" + probe() + "\"}]}");
        assertThatThrownBy(() -> load(Map.of()))
                .hasMessage(dir.resolve("rt.json") + ": the configuration references these environment variables, "
                        + "which are not set: ALPHA, ZED (set them, or add them to .env)");
    }

    @Test
    void badWorkersValueNamesThePointer() throws IOException {
        write("rt.json", "{\"entrypoint\": \"a\", \"services\": [{\"id\": \"a\", \"path\": \"" + probe() + "\"},"
                + " {\"id\": \"b\", \"path\": \"" + probe() + "\", \"workers\": \"x\"}]}");
        assertThatThrownBy(() -> load(Map.of()))
                .hasMessage(dir.resolve("rt.json") + ": /services/1/workers: must be a positive integer, found \"x\"");
    }

    @Test
    void drainIsReadInMillisecondsAndANegativeOneNamesThePointer() throws IOException {
        write("rt.json", "{\"entrypoint\": \"a\", \"gracefulShutdown\": {\"drain\": 2500}, \"services\": [{\"id\": \"a\","
                + " \"path\": \"" + probe() + "\"}]}");
        assertThat(load(Map.of()).gracefulShutdown().drain()).isEqualTo(Duration.ofMillis(2500));
        write("rt.json", "{\"entrypoint\": \"a\", \"gracefulShutdown\": {\"drain\": -1}, \"services\": [{\"id\": \"a\","
                + " \"path\": \"" + probe() + "\"}]}");
        assertThatThrownBy(() -> load(Map.of())).hasMessageContaining(dir.resolve("rt.json") + ": /gracefulShutdown/drain: ");
    }

    @Test
    void meshHostHeaderIsTheWorkersAddressUnlessAServiceKeepsItsMeshName() throws IOException {
        write("rt.json", "{\"entrypoint\": \"a\", \"services\": [{\"id\": \"a\", \"path\": \"" + probe() + "\"},"
                + " {\"id\": \"b\", \"path\": \"" + probe() + "\", \"meshHostHeader\": \"service\"},"
                + " {\"id\": \"c\", \"path\": \"" + probe() + "\", \"meshHostHeader\": \"worker\"}]}");
        RuntimeConfig config = load(Map.of());

        assertThat(config.services()).extracting(ServiceConfig::meshHostHeader)
                .containsExactly(MeshHostHeader.WORKER, MeshHostHeader.SERVICE, MeshHostHeader.WORKER);
    }

    @Test
    void unknownMeshHostHeaderNamesThePointerAndTheValues() throws IOException {
        write("rt.json", "{\"entrypoint\": \"a\", \"services\": [{\"id\": \"a\", \"path\": \"" + probe() + "\","
                + " \"meshHostHeader\": \"caller\"}]}");
        assertThatThrownBy(() -> load(Map.of()))
                .hasMessage(dir.resolve("rt.json") + ": /services/0/meshHostHeader: must be one of \"worker\", \"service\","
                        + " found \"caller\"");
    }

    @Test
    void missingServiceDirectoryIsAnError() throws IOException {
        write("rt.json", "{\"services\": [{\"id\": \"api\", \"path\": \"nowhere\"}]}");
        assertThatThrownBy(() -> load(Map.of()))
                .hasMessage(dir.resolve("rt.json") + ": /services/0/path: the directory " + dir.resolve("nowhere")
                        + " does not exist");
    }

    @Test
    void entrypointMustNameAService() throws IOException {
        write("rt.json", "{\"entrypoint\": \"web\", \"services\": [{\"id\": \"api\", \"path\": \"" + probe() + "\"}]}");
        assertThatThrownBy(() -> load(Map.of()))
                .hasMessage(dir.resolve("rt.json") + ": /entrypoint: names no service: \"web\"; the services are api");
    }

    @Test
    void severalServicesNeedAnEntrypoint() throws IOException {
        write("rt.json", "{\"services\": [{\"id\": \"a\", \"path\": \"" + probe() + "\"}, {\"id\": \"b\", \"path\": \""
                + probe() + "\"}]}");
        assertThatThrownBy(() -> load(Map.of()))
                .hasMessage(dir.resolve("rt.json") + ": /entrypoint: is required when there are several services; "
                        + "set it to one of a, b");
    }

    @Test
    void serviceConfigurationWithoutAKindIsAnError() throws IOException {
        write("svc/rt.json", "{\"java\": {\"classpath\": []}}");
        write("rt.json", "{\"services\": [{\"id\": \"api\", \"path\": \"svc\"}]}");
        assertThatThrownBy(() -> load(Map.of()))
                .hasMessage(dir.resolve("svc/rt.json") + ": /java: needs one of \"build\", \"jar\", \"main\"");
    }

    @Test
    void classpathGlobThatMatchesNothingIsAnError() throws IOException {
        write("svc/rt.json", "{\"java\": {\"classpath\": [\"lib/*\"], \"build\": \"x.Y\"}}");
        Files.createDirectories(dir.resolve("svc/lib"));
        write("rt.json", "{\"services\": [{\"id\": \"api\", \"path\": \"svc\"}]}");
        assertThatThrownBy(() -> load(Map.of()))
                .hasMessage(dir.resolve("svc/rt.json") + ": /java/classpath/0: \"lib/*\" matches no file in "
                        + dir.resolve("svc/lib"));
    }

    @Test
    void theRuntimesPreloadComesBeforeEachServicesOwnRelativeToItsFile() throws IOException {
        write("rt.json", "{\"preload\": \"agents/apm.jar\", \"services\": [{\"id\": \"a\", \"path\": \"" + probe()
                + "\", \"preload\": [\"own.jar\"]}]}");
        assertThat(load(Map.of()).service("a").orElseThrow().preload())
                .containsExactly(dir.resolve("agents/apm.jar"), Fixtures.app("probe").resolve("own.jar"));
    }

    @Test
    void serviceConfigurationGivenDirectlyRunsAsOneServiceRuntime() {
        RuntimeConfig config = new RuntimeConfigLoader(Map.of(), Fixtures.app("probe")).load(Optional.empty());
        assertThat(config.serviceIds()).containsExactly("probe");
        assertThat(config.entrypoint()).isEqualTo("probe");
    }
}
