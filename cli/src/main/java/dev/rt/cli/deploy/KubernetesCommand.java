package dev.rt.cli.deploy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.rt.cli.image.ContainerConfiguration;
import dev.rt.cli.image.ImageLayout;
import dev.rt.cli.image.ImageSettings;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rt deploy kubernetes}: writes the runtime's manifests into a directory, one object a file. */
@Command(name = "kubernetes", mixinStandardHelpOptions = true,
        description = {"Write the Kubernetes manifests of the runtime in the current directory (or -c): Deployment,"
                + " Service, ConfigMap of its configuration, Secret references for image.secrets, PodDisruptionBudget,"
                + " a HorizontalPodAutoscaler with --max-replicas, and a kustomization.yaml listing them"
                + " (kubectl apply -k <dir>).",
                "Probes on the metrics server's /ready and /status, terminationGracePeriodSeconds from"
                        + " gracefulShutdown.drain and .runtime, memory from the workers' heap (health.maxHeapTotal)."})
public final class KubernetesCommand implements Callable<Integer> {
    private static final YAMLMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS).build());

    @Option(names = {"-c", "--config"}, paramLabel = "<path>", description = "The runtime configuration file, or its"
            + " directory; default: rt.json (rt.yml, ...) in the current directory.")
    Path config;

    @Option(names = {"-o", "--output"}, paramLabel = "<dir>", defaultValue = "kubernetes",
            description = "Where the manifests go; default: ${DEFAULT-VALUE}. Files of the same names are replaced.")
    Path output;

    @Option(names = "--image", paramLabel = "<registry/name:tag>", description = "The pods' image; default: image.to.")
    String image;

    @Option(names = "--name", paramLabel = "<name>", description = "The objects' name; default: the image's name.")
    String name;

    @Option(names = "--replicas", paramLabel = "<n>", defaultValue = "2",
            description = "Pods of the Deployment, the autoscaler's minimum; default: ${DEFAULT-VALUE}.")
    int replicas;

    @Option(names = "--max-replicas", paramLabel = "<n>", description = "Add a HorizontalPodAutoscaler up to n pods.")
    Integer maxReplicas;

    @Option(names = "--cpu-utilization", paramLabel = "<percent>", defaultValue = "80", description = "The"
            + " autoscaler's target, in percent of the CPU requested; default: ${DEFAULT-VALUE}.")
    int cpuUtilization;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (replicas < 1 || maxReplicas != null && maxReplicas < replicas || cpuUtilization < 1 || cpuUtilization > 100) {
            throw new RtException(ErrorCode.USAGE, "--replicas must be at least 1, --max-replicas at least --replicas,"
                    + " --cpu-utilization between 1 and 100");
        }
        RuntimeConfig runtime = new RuntimeConfigLoader(System.getenv(), Path.of("").toAbsolutePath())
                .load(Optional.ofNullable(config));
        ImageSettings settings = ImageSettings.of(runtime);
        String pods = Optional.ofNullable(image).or(settings::to).orElseThrow(() -> new RtException(ErrorCode.USAGE,
                runtime.file() + ": /image/to: not set, and no --image given: say which image the pods run"));
        String objects = Optional.ofNullable(name).orElseGet(() -> Names.of(pods));
        if (!Names.valid(objects)) {
            throw new RtException(ErrorCode.USAGE, "--name: \"" + objects + "\" is not a Kubernetes name (lower-case"
                    + " letters, digits and '-', at most " + Names.MAX + " characters, a letter first)");
        }
        ContainerConfiguration container = ContainerConfiguration.forImage(runtime).forKubernetes();
        PrintWriter out = spec.commandLine().getOut();
        container.changes().forEach(change -> out.println("rt: the ConfigMap's rt.json: " + change));
        var options = new KubernetesManifests.Options(objects, pods, replicas, Optional.ofNullable(maxReplicas),
                cpuUtilization, ImageLayout.workingDirectory(runtime), settings.secrets());
        Files.createDirectories(output);
        for (Map.Entry<String, ObjectNode> file : KubernetesManifests.of(runtime, container, options).entrySet()) {
            Files.writeString(output.resolve(file.getKey()), yaml(file.getValue()));
            out.println("  " + output.resolve(file.getKey()));
        }
        if (!settings.secrets().isEmpty()) {
            out.println("rt: the pods read " + String.join(", ", settings.secrets()) + " from the Secret " + objects
                    + "-secrets: kubectl create secret generic " + objects + "-secrets --from-literal=NAME=value ...");
        }
        out.println("rt: wrote the manifests of " + objects + " (" + pods + ") into " + output
                + "; kubectl apply -k " + output);
        return 0;
    }

    private static String yaml(ObjectNode tree) throws JsonProcessingException {
        return YAML.writeValueAsString(tree);
    }

    /** Kubernetes object names (DNS-1123 labels, room left for the suffixes rt adds). */
    static final class Names {
        static final int MAX = 50;

        private Names() {
        }

        /** The image's repository's last part: {@code registry.example.com/team/shop:1.2} gives {@code shop}. */
        static String of(String image) {
            String last = image.replaceAll("@.*$", "");
            last = last.substring(last.lastIndexOf('/') + 1).replaceAll(":.*$", "");
            String cleaned = last.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("^[^a-z]+", "")
                    .replaceAll("-+$", "");
            return cleaned.length() > MAX ? cleaned.substring(0, MAX).replaceAll("-+$", "") : cleaned;
        }

        static boolean valid(String name) {
            return name.length() <= MAX && name.matches("[a-z]([-a-z0-9]*[a-z0-9])?");
        }
    }
}
