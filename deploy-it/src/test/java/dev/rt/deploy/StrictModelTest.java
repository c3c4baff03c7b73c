package dev.rt.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The strict reading of a manifest refuses what the Kubernetes API server refuses, which a plain parse lets by. */
class StrictModelTest {
    @TempDir
    Path dir;

    private Path deployment(String annotations, String extra) throws Exception {
        return Files.writeString(dir.resolve("deployment.yaml"), """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: demo
                  annotations:
                    %s
                spec:
                  replicas: 1%s
                """.formatted(annotations, extra));
    }

    @Test
    void aValidManifestReads() throws Exception {
        assertThat(StrictModel.read(deployment("prometheus.io/port: \"9090\"", ""), Deployment.class).getSpec()
                .getReplicas()).isEqualTo(1);
    }

    @Test
    void anUnquotedNumberWhereTheApiWantsAStringIsRefused() throws Exception {
        assertThatThrownBy(() -> StrictModel.read(deployment("prometheus.io/port: 9090", ""), Deployment.class))
                .hasMessageContaining("String");
    }

    @Test
    void aFieldTheSchemaDoesNotHaveIsReportedWithItsPath() throws Exception {
        assertThatThrownBy(() -> StrictModel.read(deployment("a: b", "\n  replicaz: 2"), Deployment.class))
                .hasMessageContaining("/Spec/replicaz");
    }
}
