package dev.rt.supervisor.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.TestServices;
import dev.rt.config.HealthConfig;
import dev.rt.config.ServiceConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkerCommandTest {
    private final WorkerCommand command = new WorkerCommand(Path.of("/jdk/bin/java"), Path.of("/cache/agent.jar"),
            Path.of("/tmp/rt-1/agent.sock"), Path.of("/srv"));
    private static final List<String> SHARING = List.of("-XX:SharedArchiveFile=/cache/a.jsa", "-Xlog:cds=off");

    private static HealthConfig heap(long maxHeapTotal, OptionalLong young) {
        return new HealthConfig(true, Duration.ofSeconds(30), Duration.ofSeconds(30), 10, 0.99, 0.99, maxHeapTotal, young);
    }

    @Test
    void heapIsBoundedByMaxHeapTotalAndYoungGenerationByMaxYoungGeneration() {
        var service = TestServices.service("api", heap(512L << 20, OptionalLong.of(64L << 20)), List.of(), List.of());

        List<String> args = command.processFor(service, 0, 4000, Map.of(), List.of(), false).command();

        assertThat(args).contains("-Xmx512m", "-Xmn64m").doesNotContain("-Xmx4g");
    }

    @Test
    void optionsComeInOrderRtsThenDebuggerThenPreloadThenNodeOptionsThenAgentKindAndServiceClassPath() {
        var service = TestServices.service("api", heap(4L << 30, OptionalLong.empty()), List.of("-Xmx1g", "-Dx=y"), List.of());

        List<String> args = command.processFor(service, 3, 4000, Map.of(), List.of("-agentlib:jdwp=x"), false).command();

        assertThat(args.get(0)).isEqualTo("/jdk/bin/java");
        assertThat(args).containsSubsequence("-Xmx4096m", "-agentlib:jdwp=x", "-javaagent:/srv/api/agent.jar", "-Xmx1g",
                "-Dx=y", "-cp", "/cache/agent.jar:/srv/api/rt-kind-java.jar:/srv/api/app.jar", "dev.rt.agent.WorkerMain");
        assertThat(args).noneMatch(arg -> arg.startsWith("-Xmn"));
    }

    @Test
    void theJarsManifestOptionsComeAfterPreloadAndBeforeNodeOptions(@TempDir Path dir) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Main-Class", "com.acme.Main");
        manifest.getMainAttributes().putValue("Add-Opens", "java.base/java.lang java.base/no.such.pkg");
        manifest.getMainAttributes().putValue("Add-Exports", "java.base/sun.nio.ch nosuch.module/x");
        manifest.getMainAttributes().putValue("Enable-Native-Access", "ALL-UNNAMED");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(dir.resolve("app.jar")), manifest)) {
            jar.flush();
        }
        var service = TestServices.jar("api", dir, "app.jar", List.of("-Dx=y"));

        List<String> args = command.processFor(service, 0, 4000, Map.of(), List.of(), false).command();

        assertThat(args).containsSubsequence("-javaagent:" + dir.resolve("agent.jar"),
                "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED", "-Dx=y", "-cp");
        assertThat(args).noneMatch(arg -> arg.contains("no.such.pkg") || arg.contains("nosuch.module"));
    }

    @Test
    void theWorkerIsAskedToListenOnLoopbackByTheConventionsFrameworksFollowAndNodeOptionsMayOverrideThem() {
        var service = TestServices.service("api", heap(4L << 30, OptionalLong.empty()),
                List.of("-Dserver.address=0.0.0.0"), List.of());

        var builder = command.processFor(service, 0, 4000, Map.of("HOST", "public.example"), List.of(), false);

        assertThat(builder.command()).containsSubsequence("-Dserver.port=4000", "-Dserver.address=127.0.0.1",
                "-Dquarkus.http.host=127.0.0.1", "-Dmicronaut.server.host=127.0.0.1", "-Dserver.host=127.0.0.1",
                "-Dhttp.address=127.0.0.1", "-Dh2.bindAddress=127.0.0.1", "-Dserver.address=0.0.0.0", "-cp");
        assertThat(builder.environment()).containsEntry("HOST", "127.0.0.1");
        var exposed = TestServices.withEnv(service, Map.of("HOST", "0.0.0.0"));
        assertThat(command.processFor(exposed, 0, 4000, Map.of(), List.of(), false).environment())
                .as("the service's own env decides").containsEntry("HOST", "0.0.0.0");
    }

    @Test
    void classDataSharingOptionsComeRightAfterTheJavaExecutable() {
        List<String> args = command.processFor(TestServices.withoutPreload(TestServices.service("api")), 0, 4000,
                Map.of(), SHARING, List.of(), false).command();

        assertThat(args.subList(0, 4)).containsExactly("/jdk/bin/java", "-XX:SharedArchiveFile=/cache/a.jsa",
                "-Xlog:cds=off", "-Xmx4096m");
    }

    @Test
    void aWorkerWithAJavaAgentStartsWithoutTheKindsArchive() {
        var plain = TestServices.withoutPreload(TestServices.service("api"));
        var ownAgent = TestServices.withoutPreload(TestServices.service("api", heap(4L << 30, OptionalLong.empty()),
                List.of("-javaagent:/opt/agent.jar"), List.of()));

        assertThat(command.processFor(plain, 0, 4000, Map.of(), SHARING, List.of(), false).command())
                .contains(SHARING.get(0));
        assertThat(command.processFor(TestServices.service("api"), 0, 4000, Map.of(), SHARING, List.of(), false)
                .command()).as("preload").noneMatch(arg -> arg.startsWith("-XX:SharedArchiveFile"));
        assertThat(command.processFor(ownAgent, 0, 4000, Map.of(), SHARING, List.of(), false).command())
                .as("jvmOptions").noneMatch(arg -> arg.startsWith("-XX:SharedArchiveFile"));
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
            assertThat(command.processFor(TestServices.withEnv(plain, Map.of(variable, "-Xss1m -javaagent:/a.jar")),
                    0, 4000, Map.of(), SHARING, List.of(), false).command())
                    .as(variable).noneMatch(arg -> arg.startsWith("-XX:SharedArchiveFile"));
        }
    }

    @Test
    void environmentNamesTheWorkerAndTheModeAndTheRealEnvironmentWins() {
        var service = TestServices.service("api");

        Map<String, String> env = command.processFor(service, 2, 4000, Map.of(), List.of(), true).environment();
        Map<String, String> real = command.processFor(service, 2, 4000, Map.of("FROM_CONFIG", "real"), List.of(), false)
                .environment();

        assertThat(env).containsEntry("RT_SERVICE_ID", "api").containsEntry("RT_WORKER_ID", "2")
                .containsEntry("PORT", "4000").containsEntry("RT_ROOT", "/srv")
                .containsEntry("RT_AGENT_SOCKET", "/tmp/rt-1/agent.sock").containsEntry("FROM_CONFIG", "config");
        if (System.getenv("RT_ENVIRONMENT") == null) {
            assertThat(env).containsEntry("RT_ENVIRONMENT", "development").containsEntry("RT_DEV", "true");
            assertThat(real).containsEntry("RT_ENVIRONMENT", "production").containsEntry("RT_DEV", "false");
        }
        assertThat(real).doesNotContainEntry("FROM_CONFIG", "config");
    }

    @Test
    void theWorkerPlaceholdersTakeThisWorkersValuesInJvmOptionsEnvAndArguments() {
        var service = TestServices.withEnv(TestServices.service("api", heap(4L << 30, OptionalLong.empty()),
                List.of("-Dapp.port={PORT}", "-Dliteral=\\{PORT}", "-Dapp=${PORT}"), List.of()),
                Map.of("APP_URL", "http://127.0.0.1:{PORT}/{RT_SERVICE_ID}/{RT_WORKER_ID}"));

        var builder = command.processFor(service, 2, 4123, Map.of(), List.of(), false);

        assertThat(builder.command()).containsSubsequence("-Dapp.port=4123", "-Dliteral={PORT}", "-Dapp=${PORT}", "-cp");
        assertThat(builder.environment()).containsEntry("APP_URL", "http://127.0.0.1:4123/api/2");
        assertThat(WorkerCommand.display(builder.command())).contains(" '-Dapp=${PORT}' ");
    }

    @Test
    void onlyTheEntrypointsWorkersAreToldWhereThePublicSocketIsAndNoConfigurationCanSayIt() {
        WorkerCommand direct = command.withPublicSocket("api", Path.of("/run/rt-1/public.sock"));
        ServiceConfig forged = TestServices.withEnv(TestServices.service("web"),
                Map.of("RT_PUBLIC_SOCKET", "/tmp/forged.sock"));

        assertThat(direct.processFor(TestServices.service("api"), 0, 4000, Map.of(), List.of(), false).environment())
                .containsEntry("RT_PUBLIC_SOCKET", "/run/rt-1/public.sock");
        assertThat(direct.processFor(forged, 0, 4000, Map.of(), List.of(), false).environment())
                .doesNotContainKey("RT_PUBLIC_SOCKET");
        assertThat(command.processFor(TestServices.service("api"), 0, 4000, Map.of(), List.of(), false).environment())
                .doesNotContainKey("RT_PUBLIC_SOCKET");
    }
}
