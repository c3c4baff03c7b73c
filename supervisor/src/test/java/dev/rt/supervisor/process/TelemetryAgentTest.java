package dev.rt.supervisor.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.install.Installation;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TelemetryAgentTest {
    @TempDir
    Path dir;

    private RuntimeConfig load(String json) throws Exception {
        Files.writeString(dir.resolve("rt.json"), json);
        return new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty());
    }

    private static String relay(String id, String extra) {
        return "{\"id\": \"" + id + "\", \"path\": \"" + Fixtures.app("relay") + "\"" + extra + "}";
    }

    private static ServiceConfig service(RuntimeConfig config, String id) {
        return config.services().stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void byDefaultATracedWorkerGetsNoAgentItsKindRecordsRtsOwnSpans() throws Exception {
        RuntimeConfig config = load("{\"entrypoint\": \"api\", \"telemetry\": {\"serviceName\": \"shop\"}, \"services\": ["
                + relay("api", "") + ", " + relay("agent", ", \"telemetry\": {\"javaagent\": \"true\"}") + "]}");
        TelemetryAgent agent = TelemetryAgent.of(config);

        assertThat(service(config, "api").telemetry().javaagent()).isFalse();
        assertThat(agent.jvmOptions(service(config, "api"))).isEmpty();
        assertThat(agent.jvmOptions(service(config, "agent"))).first()
                .isEqualTo("-javaagent:" + Installation.telemetryAgentJar());
    }

    @Test
    void aWrappedApplicationGetsTheAgentByDefaultUnlessItsEntrySaysNot() throws Exception {
        RuntimeConfig config = load("{\"entrypoint\": \"api\", \"telemetry\": {\"serviceName\": \"shop\"}, \"services\": ["
                + relay("api", "") + ", {\"id\": \"jar\", \"path\": \"" + Fixtures.app("manifest-jar") + "\"}, "
                + "{\"id\": \"main\", \"path\": \"" + Fixtures.app("self-serving") + "\"}, "
                + "{\"id\": \"plain\", \"path\": \"" + Fixtures.app("self-serving") + "\", "
                + "\"telemetry\": {\"javaagent\": false}}]}");
        TelemetryAgent agent = TelemetryAgent.of(config);

        assertThat(agent.jvmOptions(service(config, "jar"))).first()
                .isEqualTo("-javaagent:" + Installation.telemetryAgentJar());
        assertThat(agent.jvmOptions(service(config, "main"))).first()
                .isEqualTo("-javaagent:" + Installation.telemetryAgentJar());
        assertThat(agent.jvmOptions(service(config, "plain"))).isEmpty();
        assertThat(agent.jvmOptions(service(config, "api"))).isEmpty();
    }

    @Test
    void withoutAServiceAskingForTheAgentNoneIsNeeded() throws Exception {
        RuntimeConfig config = load("{\"entrypoint\": \"api\", \"telemetry\": {\"serviceName\": \"shop\"}, \"services\": ["
                + relay("api", "") + "]}");

        assertThat(TelemetryAgent.of(config)).isSameAs(TelemetryAgent.NONE);
    }

    @Test
    void tracedWorkersGetTheAgentConfiguredByTheRuntimesTelemetry() throws Exception {
        RuntimeConfig config = load("""
                {"entrypoint": "api", "services": [%s, %s],
                 "telemetry": {"serviceName": "shop", "version": "1.2 beta", "sampling": 0.25, "exporter": [
                   {"type": "otlp", "options": {"url": "http://collector:4317", "protocol": "grpc",
                                                "headers": {"x-api-key": "a,b=c"}}},
                   {"type": "zipkin", "options": {"url": "http://zipkin:9411/api/v2/spans"}},
                   {"type": "file", "options": {"path": "traces/spans.log"}},
                   {"type": "memory"}, {"type": "console"}]}}
                """.formatted(relay("api", ", \"telemetry\": {\"javaagent\": true}"),
                        relay("quiet", ", \"telemetry\": {\"enabled\": false, \"javaagent\": true}")));
        TelemetryAgent agent = TelemetryAgent.of(config);

        List<String> options = agent.jvmOptions(service(config, "api"));

        assertThat(options.get(0)).isEqualTo("-javaagent:" + Installation.telemetryAgentJar());
        assertThat(options).contains("-Dotel.javaagent.extensions=" + Installation.telemetryExtensionJar(),
                "-Dotel.service.name=shop-api", "-Dotel.resource.attributes=service.version=1.2%20beta",
                "-Dotel.traces.sampler=parentbased_traceidratio", "-Dotel.traces.sampler.arg=0.25",
                "-Dotel.metrics.exporter=none", "-Dotel.logs.exporter=none",
                "-Dotel.exporter.otlp.traces.endpoint=http://collector:4317",
                "-Dotel.exporter.otlp.traces.protocol=grpc",
                "-Dotel.exporter.otlp.traces.headers=x-api-key=a%2Cb%3Dc",
                "-Dotel.exporter.zipkin.endpoint=http://zipkin:9411/api/v2/spans",
                "-Dotel.exporter.rt-file.path=" + dir.resolve("traces/spans.log").toAbsolutePath(),
                "-Dotel.traces.exporter=otlp,zipkin,rt-file,console");
        assertThat(agent.jvmOptions(service(config, "quiet"))).isEmpty();
    }

    @Test
    void withoutTelemetryAnywhereNoWorkerGetsTheAgent() throws Exception {
        RuntimeConfig config = load("{\"entrypoint\": \"api\", \"services\": [" + relay("api", "") + "]}");

        assertThat(TelemetryAgent.of(config)).isSameAs(TelemetryAgent.NONE);
        assertThat(TelemetryAgent.NONE.jvmOptions(service(config, "api"))).isEmpty();
    }

    @Test
    void listedInstrumentationsAreTheOnlyOnesEnabledWithTheirOptions() throws Exception {
        RuntimeConfig config = load("{\"entrypoint\": \"api\", \"telemetry\": {\"serviceName\": \"shop\"}, \"services\": ["
                + relay("api", ", \"telemetry\": {\"instrumentations\": [\"jdbc\", {\"package\": \"java-http-client\", "
                        + "\"options\": {\"emit-experimental-telemetry\": true}}]}") + "]}");

        List<String> options = TelemetryAgent.of(config).jvmOptions(service(config, "api"));

        assertThat(options).contains("-Dotel.instrumentation.common.default-enabled=false",
                "-Dotel.instrumentation.jdbc.enabled=true", "-Dotel.instrumentation.java-http-client.enabled=true",
                "-Dotel.instrumentation.java-http-client.emit-experimental-telemetry=true",
                "-Dotel.traces.exporter=console");
    }

    @Test
    void withoutARuntimeTelemetryAServiceIsTracedByItsOwn() throws Exception {
        Path solo = Files.createDirectories(dir.resolve("solo"));
        Files.writeString(solo.resolve("rt.json"), """
                {"java": {"classpath": ["%s"], "build": "dev.rt.testdata.relay.Relay"},
                 "telemetry": {"applicationName": "solo", "exporter": {"type": "file", "options": {"path": "spans.jsonl"}}}}
                """.formatted(Fixtures.testdata().resolve("target/rt-testdata.jar")));
        RuntimeConfig config = load("{\"entrypoint\": \"api\", \"services\": [{\"id\": \"api\", \"path\": \"solo\"}]}");

        List<String> options = TelemetryAgent.of(config).jvmOptions(service(config, "api"));

        assertThat(options).contains("-Dotel.service.name=solo-api", "-Dotel.traces.exporter=rt-file",
                "-Dotel.exporter.rt-file.path=" + solo.resolve("spans.jsonl").toAbsolutePath())
                .doesNotContain("-Dotel.javaagent.debug=true");
    }

    @Test
    void aServicesOwnDiagLoggerTurnsOnTheAgentsDiagnostics() throws Exception {
        Path solo = Files.createDirectories(dir.resolve("solo"));
        Files.writeString(solo.resolve("rt.json"), """
                {"java": {"classpath": ["%s"], "build": "dev.rt.testdata.relay.Relay"},
                 "telemetry": {"applicationName": "solo", "diagLogger": true}}
                """.formatted(Fixtures.testdata().resolve("target/rt-testdata.jar")));
        RuntimeConfig config = load("{\"entrypoint\": \"api\", \"services\": [{\"id\": \"api\", \"path\": \"solo\"}]}");

        assertThat(TelemetryAgent.of(config).jvmOptions(service(config, "api"))).contains("-Dotel.javaagent.debug=true");
    }
}
