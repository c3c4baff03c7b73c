package dev.rt.cli.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime's configuration as a container, and Kubernetes' probes and stops, need it. */
class ContainerConfigurationTest {
    @TempDir
    Path dir;

    private RuntimeConfig load(String json) throws Exception {
        Path service = Files.createDirectories(dir.resolve("services/api"));
        Files.writeString(service.resolve("rt.json"), "{\"java\": {\"classpath\": [\"classes\"], \"build\": \"a.B\"}}");
        Files.writeString(dir.resolve("rt.yml"), json);
        return new RuntimeConfigLoader(Map.of(), dir).withoutClassPaths().load(Optional.empty());
    }

    @Test
    void loopbackServersListenOnEveryInterfaceAndEachChangeIsSaid() throws Exception {
        ContainerConfiguration container = ContainerConfiguration.forImage(load("""
                entrypoint: api
                server: {hostname: 127.0.0.1, port: 3042}
                metrics: {hostname: localhost, port: 9100}
                services: [{id: api, path: services/api}]
                """));

        assertThat(container.json()).contains("\"hostname\" : \"0.0.0.0\"", "\"port\" : 9100", "\"entrypoint\" : \"api\"")
                .doesNotContain("127.0.0.1", "localhost");
        assertThat(container.changes()).containsExactly(
                "/server/hostname: \"127.0.0.1\" becomes \"0.0.0.0\" (a container is reached on its own address, not on loopback)",
                "/metrics/hostname: \"localhost\" becomes \"0.0.0.0\" (a container is reached on its own address, not on loopback)");
    }

    @Test
    void placeholdersAndOtherAddressesStayAsTheyAre() throws Exception {
        Files.writeString(dir.resolve(".env"), "RT_SERVER_HOSTNAME=0.0.0.0\nPORT=3042\n");
        ContainerConfiguration container = ContainerConfiguration.forImage(load("""
                entrypoint: api
                server: {hostname: "{RT_SERVER_HOSTNAME}", port: "{PORT}"}
                services: [{id: api, path: services/api}]
                """));

        assertThat(container.changes()).isEmpty();
        assertThat(container.json()).contains("\"{RT_SERVER_HOSTNAME}\"", "\"{PORT}\"");
    }

    @Test
    void forKubernetesAMetricsServerAndADrainAreAddedWhenMissingAndKeptWhenSet() throws Exception {
        RuntimeConfig bare = load("entrypoint: api\nservices: [{id: api, path: services/api}]\n");
        ContainerConfiguration kubernetes = ContainerConfiguration.forImage(bare).forKubernetes();

        assertThat(kubernetes.json()).contains("\"metrics\" : {", "\"port\" : 9090", "\"drain\" : 5000");
        assertThat(kubernetes.changes()).hasSize(2);

        RuntimeConfig set = load("entrypoint: api\nmetrics: true\ngracefulShutdown: {drain: 0, runtime: 20000}\n"
                + "services: [{id: api, path: services/api}]\n");
        ContainerConfiguration kept = ContainerConfiguration.forImage(set).forKubernetes();
        assertThat(kept.changes()).isEmpty();
        assertThat(kept.json()).contains("\"drain\" : 0", "\"runtime\" : 20000", "\"metrics\" : true");
    }
}
