package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.env.DotEnv;
import dev.rt.config.read.ConfigFormat;
import dev.rt.config.read.ConfigNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Reads one entry of {@code services} and the service's own configuration file, and adds to the warnings what they
 * set that has no effect: {@code useHttp} and {@code sourceMaps}, and the listener settings of its own
 * {@code server} that the runtime's decide ({@link ServerConfig#unusedListenerSettings}).
 */
final class ServiceEntryLoader {
    private final Path root;
    private final Map<String, String> runtimeEnv;
    private final Map<String, String> realEnv;
    private final Set<String> serviceIds;
    private final boolean classPaths;
    private final ConfigNode runtimeServer;
    private final UnaryOperator<String> inRuntime;
    private final List<Path> runtimePreload;
    private ConfigNode entrypointServer;
    private JsonNode entrypointWritten;
    private Path entrypointDirectory;

    /**
     * @param classPaths    whether to ask each service's kind for its workers' class path
     * @param runtimeServer the runtime's {@code server}
     * @param inRuntime     where a pointer of the runtime's configuration is in its file, as written
     * @param runtimePreload the runtime's {@code preload}: loaded in every worker, before a service's own
     */
    ServiceEntryLoader(Path root, Map<String, String> runtimeEnv, Map<String, String> realEnv, Set<String> serviceIds,
            boolean classPaths, ConfigNode runtimeServer, UnaryOperator<String> inRuntime, List<Path> runtimePreload) {
        this.root = root;
        this.runtimeEnv = runtimeEnv;
        this.realEnv = realEnv;
        this.serviceIds = serviceIds;
        this.classPaths = classPaths;
        this.runtimeServer = runtimeServer;
        this.inRuntime = inRuntime;
        this.runtimePreload = List.copyOf(runtimePreload);
        this.entrypointServer = runtimeServer; // not consulted while entrypointWritten writes nothing
        this.entrypointWritten = MissingNode.getInstance();
        this.entrypointDirectory = root;
    }

    /** The public listener: the runtime's server settings, else those of the entrypoint's own file that it loaded. */
    ServerConfig publicServer() {
        return ServerConfig.from(runtimeServer, entrypointServer, entrypointWritten, entrypointDirectory);
    }

    /**
     * @param spareWorkers the runtime's {@code spareWorker}: {@code true}, {@code false} or {@code "entrypoint"}
     */
    ServiceConfig load(ConfigNode node, int defaultWorkers, String entrypoint, RestartPolicy restart, HealthConfig health,
            ConfigNode spareWorkers, List<String> warnings) {
        String id = node.get("id").requiredString();
        if (!id.matches("[A-Za-z0-9][A-Za-z0-9_-]*")) {
            throw node.get("id").error("must be letters, digits, \"-\" and \"_\" (it becomes the host name "
                    + "<id>.rt.local), found \"" + id + "\"");
        }
        if (node.has("url") && !node.has("path")) {
            throw node.get("url").error("services resolved from a git url are not available in this version of rt; "
                    + "clone it and give its \"path\"");
        }
        Path directory = node.get("path").path(root);
        if (!Files.isDirectory(directory)) {
            throw node.get("path").error("the directory " + directory + (Files.exists(directory)
                    ? " is a file, not a directory" : " does not exist"));
        }
        Path configFile = node.has("config") ? node.get("config").path(directory)
                : ApplicationConfigLoader.find(directory, node.get("path"));
        if (!Files.isRegularFile(configFile)) {
            throw node.get("config").error("the service configuration file " + configFile + notAFile(configFile));
        }

        Map<String, String> env = new LinkedHashMap<>(runtimeEnv);
        Path envfile = node.has("envfile") ? node.get("envfile").path(root) : directory.resolve(".env");
        if (node.has("envfile") && !Files.isRegularFile(envfile)) {
            throw node.get("envfile").error("the env file " + envfile + notAFile(envfile));
        }
        env.putAll(DotEnv.readIfPresent(envfile));
        env.putAll(node.get("env").stringMap());

        Map<String, String> placeholderEnv = new HashMap<>(env);
        placeholderEnv.putAll(realEnv);
        placeholderEnv.put("RT_ROOT", directory.toString());
        JsonNode written = ConfigFormat.of(configFile).read(configFile);
        ConfigPipeline.Processed processed = ConfigPipeline.process(configFile, written, Optional.empty(),
                placeholderEnv, serviceIds);
        warnings.addAll(processed.warnings());
        warnings.addAll(ServerConfig.unusedListenerSettings(processed.root().get("server"), written.path("server"), id,
                entrypoint, runtimeServer, inRuntime));
        if (id.equals(entrypoint)) {
            entrypointServer = processed.root().get("server");
            entrypointWritten = written.path("server");
            entrypointDirectory = configFile.toAbsolutePath().getParent();
        }
        noEffect(node, warnings);
        ApplicationConfigLoader.Loaded application = ApplicationConfigLoader.load(processed, classPaths);
        warnings.addAll(application.warnings());

        int workers = node.get("workers").positiveInt(defaultWorkers);
        return new ServiceConfig(id, directory, !application.runsWorkers() ? 0 : id.equals(entrypoint) ? 1 : workers,
                node.get("arguments").nonBlankStrings(),
                env,
                JvmOptions.of(node),
                Stream.concat(runtimePreload.stream(), preload(node.get("preload"), directory).stream()).toList(),
                ImpliedDependencies.of(id, node.get("dependencies").nonBlankStrings(),
                        processed.root(), application.dependencies()),
                RestartPolicy.from(node.get("restartOnError"), restart),
                HealthConfig.from(node.get("health"), health),
                MeshHostHeader.of(node.get("meshHostHeader").string(MeshHostHeader.WORKER.configName())),
                application.application(),
                application.runsWorkers()
                        && spareWorker(node.get("spareWorker"), spareWorkers, id.equals(entrypoint), workers == 1),
                ServiceTelemetryConfig.from(node.get("telemetry"), !application.recordsRequestSpans()));
    }

    /** {@code useHttp} and {@code sourceMaps}, when true: what they ask for is what a JVM worker does anyway. */
    private void noEffect(ConfigNode node, List<String> warnings) {
        if (node.get("useHttp").bool(false)) {
            warnings.add(node.get("useHttp").warning(inRuntime.apply(node.get("useHttp").pointer()), "has no effect:"
                    + " every worker of rt serves HTTP on 127.0.0.1 already, and the other services reach it through"
                    + " rt's mesh as http://" + node.get("id").string("<id>") + ".rt.local; remove it"));
        }
        if (node.get("sourceMaps").bool(false)) {
            warnings.add(node.get("sourceMaps").warning(inRuntime.apply(node.get("sourceMaps").pointer()),
                    SOURCE_MAPS));
        }
    }

    /** What a {@code sourceMaps: true} is told, the runtime's or a service's. */
    static final String SOURCE_MAPS = "has no effect on the JVM: its stack traces name the Java source file and line"
            + " already; remove it";

    /**
     * The service's own {@code spareWorker}, else the runtime's: {@code "entrypoint"} (the default) for the
     * entrypoint, {@code true} for a service of one worker.
     */
    private static boolean spareWorker(ConfigNode own, ConfigNode runtime, boolean entrypoint, boolean singleWorker) {
        if (!own.isMissing()) {
            return own.bool(false);
        }
        if (runtime.json().isTextual() && runtime.json().textValue().equals("entrypoint")) {
            return entrypoint;
        }
        return runtime.bool(false) && (entrypoint || singleWorker);
    }

    /** A {@code preload}: a path or a list of them, relative to {@code directory}. */
    static List<Path> preload(ConfigNode node, Path directory) {
        if (!node.isMissing() && node.json().isTextual()) {
            return List.of(node.path(directory));
        }
        return node.elements().stream().map(element -> element.path(directory)).toList();
    }

    /** Why {@code file}, which is not a regular file, cannot be read: " does not exist" or " is a directory...". */
    static String notAFile(Path file) {
        return Files.isDirectory(file) ? " is a directory, not a file" : " does not exist";
    }
}
