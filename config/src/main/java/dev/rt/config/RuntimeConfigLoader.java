package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.env.DotEnv;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.read.ConfigFormat;
import dev.rt.config.read.ConfigNode;
import dev.rt.config.read.ConfigProblems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Loads a runtime configuration: find the file, parse it by extension, load {@code .env}, run it through the
 * {@link ConfigPipeline} against the runtime schema, expand {@code autoload}, merge the service list aliases,
 * resolve the entrypoint, then load each service's own configuration through the same pipeline. A service
 * configuration given where a runtime one is expected runs as a one-service runtime.
 */
public final class RuntimeConfigLoader {
    static final List<String> SERVICE_LISTS = List.of("services", "applications", "web");

    private final Map<String, String> realEnv;
    private final Path cwd;
    private final boolean classPaths;

    public RuntimeConfigLoader(Map<String, String> realEnv, Path cwd) {
        this(realEnv, cwd, true);
    }

    private RuntimeConfigLoader(Map<String, String> realEnv, Path cwd, boolean classPaths) {
        this.realEnv = Map.copyOf(realEnv);
        this.cwd = cwd.toAbsolutePath().normalize();
        this.classPaths = classPaths;
    }

    /**
     * A loader for commands that only read the services' settings (a db service's migrations, seeds, types): it
     * does not ask the kinds for their workers' class paths, so plugins that are not built yet are no error.
     */
    public RuntimeConfigLoader withoutClassPaths() {
        return new RuntimeConfigLoader(realEnv, cwd, false);
    }

    /** Finds the configuration file: the one given (relative to the current directory) or the first of the lookup names. */
    public Path locate(Optional<Path> given) {
        if (given.isPresent()) {
            Path file = cwd.resolve(given.get()).normalize();
            if (Files.isDirectory(file)) {
                return new RuntimeConfigLoader(realEnv, file).locate(Optional.empty());
            }
            if (!Files.exists(file)) {
                throw new ConfigException(ErrorCode.CONFIG_NOT_FOUND, file + ": no such configuration file");
            }
            return file;
        }
        return ConfigFormat.LOOKUP_ORDER.stream()
                .map(cwd::resolve)
                .filter(Files::isRegularFile)
                .findFirst()
                .orElseThrow(() -> new ConfigException(ErrorCode.CONFIG_NOT_FOUND, "no configuration file found in " + cwd
                        + ": looked for " + String.join(", ", ConfigFormat.LOOKUP_ORDER)
                        + " (run rt where one is, or give it with -c <path>)"));
    }

    public RuntimeConfig load(Optional<Path> given) {
        Path file = locate(given);
        Path root = file.getParent();
        JsonNode raw = ConfigFormat.of(file).read(file);
        boolean wrapped = isApplication(raw);
        if (wrapped) {
            raw = wrapAsRuntime(file, raw);
        }
        UnaryOperator<String> inFile = wrapped ? RuntimeConfigLoader::inServiceFile : UnaryOperator.identity();
        Path dotEnvFile = Files.isRegularFile(root.resolve(".env")) ? root.resolve(".env") : cwd.resolve(".env");
        Map<String, String> runtimeDotEnv = DotEnv.readIfPresent(dotEnvFile);
        Map<String, String> placeholderEnv = new HashMap<>(runtimeDotEnv);
        placeholderEnv.putAll(realEnv);
        placeholderEnv.put("RT_ROOT", root.toString());
        Set<String> ids = new LinkedHashSet<>(rawServiceIds(raw));
        ids.addAll(Autoload.rawIds(raw, root));

        ConfigPipeline.Processed processed = ConfigPipeline.process(file, raw, Optional.of(ConfigKind.RUNTIME),
                placeholderEnv, ids);
        ConfigNode config = processed.root();
        List<String> warnings = new ArrayList<>(processed.warnings());

        List<ConfigNode> explicit = new ArrayList<>();
        SERVICE_LISTS.forEach(list -> explicit.addAll(config.get(list).elements()));
        List<ConfigNode> serviceNodes = Autoload.merge(config, root, explicit);
        if (serviceNodes.isEmpty()) {
            throw config.error("no services: add a \"services\" list (each entry with an \"id\" and a \"path\"), "
                    + "or an \"autoload\" folder that holds some");
        }
        String entrypoint = entrypoint(config, serviceNodes);
        Map<String, String> runtimeEnv = new LinkedHashMap<>(runtimeDotEnv);
        runtimeEnv.putAll(config.get("env").stringMap());
        RestartPolicy restart = RestartPolicy.from(config.get("restartOnError"), RestartPolicy.DEFAULT);
        HealthConfig health = HealthConfig.from(config.get("health"), HealthConfig.DEFAULTS);
        if (config.get("sourceMaps").bool(false)) {
            warnings.add(config.get("sourceMaps").warning(inFile.apply("/sourceMaps"), ServiceEntryLoader.SOURCE_MAPS));
        }
        ServiceEntryLoader serviceLoader = new ServiceEntryLoader(root, runtimeEnv, realEnv, ids, classPaths,
                config.get("server"), inFile, ServiceEntryLoader.preload(config.get("preload"), root));
        int defaultWorkers = config.get("workers").positiveInt(1);
        List<ServiceConfig> services = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        List<ConfigException> problems = new ArrayList<>(); // every service's, at once
        for (ConfigNode node : serviceNodes) {
            try {
                ServiceConfig service = serviceLoader.load(node, defaultWorkers, entrypoint, restart, health,
                        config.get("spareWorker"), warnings);
                if (!seen.add(service.id())) {
                    throw node.get("id").error("duplicate service id \"" + service.id() + "\"");
                }
                services.add(service);
            } catch (ConfigException e) {
                problems.add(e);
            }
        }
        ConfigProblems.throwIfAny(problems);
        ServiceDependencies.check(serviceNodes, services);
        checkSchedulerNames(config.get("scheduler"));
        SchedulerClusterConfig.check(config.get("schedulerCluster"));
        return new RuntimeConfig(file, root, entrypoint, services,
                serviceLoader.publicServer(),
                GracefulShutdown.from(config.get("gracefulShutdown")),
                config.get("startTimeout").millis(RuntimeConfig.DEFAULT_START_TIMEOUT_MILLIS),
                restart,
                config.get("serviceTimeout").millis(RuntimeConfig.DEFAULT_SERVICE_TIMEOUT_MILLIS),
                config.get("messagingTimeout").millis(RuntimeConfig.DEFAULT_SERVICE_TIMEOUT_MILLIS),
                config.get("exitOnUnhandledErrors").bool(true),
                config.get("watch").bool(false),
                SERVICE_LISTS.stream().anyMatch(config::has),
                config.get("basePath").optionalString().filter(p -> !p.isBlank() && !p.equals("/")),
                RuntimeSections.from(config),
                processed.tree(),
                warnings);
    }

    private static void checkSchedulerNames(ConfigNode scheduler) {
        Set<String> names = new java.util.HashSet<>();
        for (ConfigNode job : scheduler.elements()) {
            String name = job.get("name").requiredString();
            if (!names.add(name)) {
                throw job.get("name").error("Scheduler \"" + name + "\" is already registered (job names must be unique)");
            }
            CronExpression.check(job.get("cron"), name);
            checkCallbackUrl(job.get("callbackUrl"), name);
        }
    }

    /** A scheduler's {@code callbackUrl}: an absolute http or https URL with a host. */
    private static void checkCallbackUrl(ConfigNode callback, String jobName) {
        String url = callback.requiredString();
        boolean valid;
        try {
            java.net.URI uri = new java.net.URI(url);
            valid = ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                    && uri.getHost() != null;
        } catch (java.net.URISyntaxException e) {
            valid = false;
        }
        if (!valid) {
            throw callback.error("the callback URL of scheduler \"" + jobName + "\" must be an absolute http:// or"
                    + " https:// URL such as http://api.rt.local/jobs/nightly, found \"" + url + "\"");
        }
    }

    /**
     * Where a pointer of the runtime made from a service file run on its own is in that file: its service entry is
     * {@code /runtime/application}, the rest {@code /runtime/...}.
     */
    private static String inServiceFile(String pointer) {
        String entry = "/services/0";
        return pointer.equals(entry) || pointer.startsWith(entry + "/")
                ? "/runtime/application" + pointer.substring(entry.length()) : "/runtime" + pointer;
    }

    /** True when the tree is a service's own configuration rather than a runtime one. */
    static boolean isApplication(JsonNode raw) {
        JsonNode schema = raw.path("$schema");
        if (schema.isTextual() && schema.textValue().contains("schemas.rt.dev/")) {
            return !schema.textValue().contains("schemas.rt.dev/runtime/");
        }
        boolean hasKind = ConfigKind.applicationKeys().stream().anyMatch(raw::has);
        return hasKind && SERVICE_LISTS.stream().noneMatch(raw::has) && !raw.has("autoload");
    }

    /**
     * A service configuration run on its own, as a runtime of one service named after its directory, which is also
     * the entrypoint: its {@code runtime} section supplies the runtime settings, its {@code runtime.strictEnv} the
     * runtime's {@code runtime.strictEnv}, and {@code runtime.application} the settings of the one service entry.
     * The application's own {@code server.hostname}, {@code port}, {@code http2} and {@code https} are the public
     * listener's where {@code runtime.server} does not set them, as for the entrypoint of any runtime.
     */
    private static ObjectNode wrapAsRuntime(Path file, JsonNode application) {
        ObjectNode runtime = application.path("runtime").isObject()
                ? ((ObjectNode) application.get("runtime")).deepCopy() : JsonNodeFactory.instance.objectNode();
        JsonNode overrides = runtime.remove("application");
        JsonNode strictEnv = runtime.remove("strictEnv");
        if (strictEnv != null) {
            ObjectNode options = runtime.path("runtime").isObject() ? (ObjectNode) runtime.get("runtime") : runtime.putObject("runtime");
            options.set("strictEnv", strictEnv);
        }
        String id = file.toAbsolutePath().getParent().getFileName().toString().replaceAll("[^A-Za-z0-9_-]", "-");
        ObjectNode service = runtime.putArray("services").addObject();
        if (overrides != null && overrides.isObject()) {
            service.setAll((ObjectNode) overrides);
        }
        service.put("id", id).put("path", ".").put("config", file.getFileName().toString());
        runtime.put("entrypoint", id);
        return runtime;
    }

    private static Set<String> rawServiceIds(JsonNode raw) {
        Set<String> ids = new LinkedHashSet<>();
        for (String list : SERVICE_LISTS) {
            raw.path(list).forEach(s -> {
                if (s.path("id").isTextual()) {
                    ids.add(s.get("id").textValue());
                }
            });
        }
        return ids;
    }

    private static String entrypoint(ConfigNode config, List<ConfigNode> services) {
        List<String> ids = services.stream().map(s -> s.get("id").requiredString()).toList();
        Optional<String> given = config.get("entrypoint").optionalString();
        if (given.isEmpty()) {
            if (ids.size() == 1) {
                return ids.get(0);
            }
            throw config.get("entrypoint").error("is required when there are several services; set it to one of "
                    + String.join(", ", ids));
        }
        if (!ids.contains(given.get())) {
            throw config.get("entrypoint").error("names no service: \"" + given.get() + "\"; the services are "
                    + String.join(", ", ids));
        }
        return given.get();
    }
}
