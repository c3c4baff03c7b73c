package dev.rt.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rt deploy kubernetes} on the demo of testdata/ and on a runtime with secrets, drain and heap settings: every
 * manifest parses strictly as its Kubernetes API type, and says what the runtime's configuration implies.
 */
class KubernetesManifestsIT {
    private static final Duration LIMIT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void theDemosManifestsAreValidKubernetesObjectsWithProbesGraceAndAConfigurationForAContainer() throws Exception {
        Path out = dir.resolve("k8s");
        Rt.Result result = Rt.run(Rt.TESTDATA.resolve("demo"), LIMIT, "deploy", "kubernetes", "--image",
                "registry.example.com/team/demo:1.0", "-o", out.toString()).assertOk();

        assertThat(result.out()).contains("/server/hostname: \"127.0.0.1\" becomes \"0.0.0.0\"",
                "/metrics: added, on 0.0.0.0:9090", "/gracefulShutdown/drain: 5000");
        Deployment deployment = StrictModel.read(out.resolve("deployment.yaml"), Deployment.class);
        assertThat(deployment.getMetadata().getName()).isEqualTo("demo");
        assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
        assertThat(deployment.getSpec().getStrategy().getRollingUpdate().getMaxUnavailable()).isEqualTo(new IntOrString(0));
        assertThat(deployment.getSpec().getStrategy().getRollingUpdate().getMaxSurge()).isEqualTo(new IntOrString(1));
        var pod = deployment.getSpec().getTemplate().getSpec();
        assertThat(pod.getTerminationGracePeriodSeconds()).isEqualTo(5 + 10 + 5); // drain + runtime + the JVM's exit
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        Container container = pod.getContainers().get(0);
        assertThat(container.getImage()).isEqualTo("registry.example.com/team/demo:1.0");
        assertThat(container.getCommand()).containsExactly("/bin/sh", "-c",
                "cp /etc/rt/rt.json /app/demo/rt.json && exec /opt/rt/bin/rt start -c /app/demo/rt.json");
        assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/ready");
        assertThat(container.getReadinessProbe().getHttpGet().getPort()).isEqualTo(new IntOrString(9090));
        assertThat(container.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/status");
        // the supervisor (512 + 192) and three worker JVMs (greeter, hello and hello's spare) of 4096 + 192 MiB
        assertThat(container.getResources().getLimits().get("memory")).isEqualTo(new Quantity("13568Mi"));
        assertThat(container.getResources().getRequests().get("memory")).isEqualTo(new Quantity("13568Mi"));
        assertThat(container.getResources().getRequests().get("cpu")).isEqualTo(new Quantity("1000m"));
        ConfigMap config = StrictModel.read(out.resolve("configmap.yaml"), ConfigMap.class);
        assertThat(config.getData().get("rt.json")).contains("\"hostname\" : \"0.0.0.0\"", "\"drain\" : 5000");
        assertThat(container.getVolumeMounts().get(0).getMountPath()).isEqualTo("/etc/rt");
        Service service = StrictModel.read(out.resolve("service.yaml"), Service.class);
        assertThat(service.getSpec().getPorts().get(0).getTargetPort()).isEqualTo(new IntOrString("http"));
        assertThat(service.getSpec().getSelector()).isEqualTo(deployment.getSpec().getSelector().getMatchLabels());
        PodDisruptionBudget budget = StrictModel.read(out.resolve("poddisruptionbudget.yaml"), PodDisruptionBudget.class);
        assertThat(budget.getSpec().getMaxUnavailable()).isEqualTo(new IntOrString(1));
        assertThat(out.resolve("horizontalpodautoscaler.yaml")).doesNotExist();
        assertThat(Files.readString(out.resolve("kustomization.yaml"))).contains("- deployment.yaml");
    }

    @Test
    void secretsComeFromASecretTheAutoscalerIsOptionalAndTheHeapSetsTheMemory() throws Exception {
        Path runtime = dir.resolve("shop");
        Files.createDirectories(runtime);
        Files.writeString(runtime.resolve("rt.json"), """
                {"entrypoint": "api", "server": {"hostname": "0.0.0.0", "port": "{PORT}"},
                 "metrics": {"hostname": "0.0.0.0", "port": 9100, "readiness": {"endpoint": "/ready-now"}},
                 "gracefulShutdown": {"drain": 8000, "runtime": 20000},
                 "health": {"maxHeapTotal": "256m"},
                 "services": [{"id": "api", "path": "%s", "workers": 2, "env": {"TOKEN": "{API_TOKEN}"}}],
                 "image": {"to": "registry.example.com/shop:2", "secrets": ["API_TOKEN"]}}
                """.formatted(Rt.TESTDATA.resolve("demo/services/hello")));
        Files.writeString(runtime.resolve(".env"), "PORT=8080\nAPI_TOKEN=local-only\n");
        Path out = dir.resolve("k8s");
        Rt.run(runtime, LIMIT, "deploy", "kubernetes", "-o", out.toString(), "--replicas", "3", "--max-replicas", "9")
                .assertOk();

        Deployment deployment = StrictModel.read(out.resolve("deployment.yaml"), Deployment.class);
        var pod = deployment.getSpec().getTemplate().getSpec();
        assertThat(pod.getTerminationGracePeriodSeconds()).isEqualTo(8 + 20 + 5);
        Container container = pod.getContainers().get(0);
        assertThat(container.getEnv()).extracting(EnvVar::getName).containsExactly("API_TOKEN");
        assertThat(container.getEnv().get(0).getValueFrom().getSecretKeyRef().getName()).isEqualTo("shop-secrets");
        assertThat(container.getPorts()).extracting(p -> p.getContainerPort()).containsExactly(8080, 9100);
        assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/ready-now");
        assertThat(container.getReadinessProbe().getHttpGet().getPort()).isEqualTo(new IntOrString(9100));
        // the supervisor (512 + 192) and two JVMs of 256 + 192 MiB: the entrypoint runs one worker, and its spare
        assertThat(container.getResources().getLimits().get("memory")).isEqualTo(new Quantity("1600Mi"));
        assertThat(Files.readString(out.resolve("configmap.yaml"))).doesNotContain("local-only");
        HorizontalPodAutoscaler autoscaler = StrictModel.read(out.resolve("horizontalpodautoscaler.yaml"),
                HorizontalPodAutoscaler.class);
        assertThat(autoscaler.getSpec().getMinReplicas()).isEqualTo(3);
        assertThat(autoscaler.getSpec().getMaxReplicas()).isEqualTo(9);
        assertThat(List.of(Files.readString(out.resolve("kustomization.yaml")))).anySatisfy(
                text -> assertThat(text).contains("- horizontalpodautoscaler.yaml"));
    }

    @Test
    void withoutAnImageTheCommandSaysWhereToSetOne() throws Exception {
        Rt.Result result = Rt.run(Rt.TESTDATA.resolve("demo"), LIMIT, "deploy", "kubernetes", "-o",
                dir.resolve("k8s").toString());

        assertThat(result.status()).isEqualTo(2);
        assertThat(result.err()).contains("rt.json: /image/to: not set, and no --image given").doesNotContain("\tat ");
        assertThat(dir.resolve("k8s")).doesNotExist();
    }
}
