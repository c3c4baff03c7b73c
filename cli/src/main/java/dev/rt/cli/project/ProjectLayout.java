package dev.rt.cli.project;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.read.ConfigFiles;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The services of a project: the runtime configuration's {@code services} (and its aliases) and {@code autoload}
 * folders, or, for a service's own configuration file, that one service. Only what locates and orders them is read;
 * the services' settings are checked when they start.
 */
public record ProjectLayout(Path file, Path root, boolean runtime, String resolvedServicesBasePath,
        List<ProjectService> services) {
    private static final List<String> SERVICE_LISTS = List.of("services", "applications", "web");
    private static final java.util.regex.Pattern SCHEMA_KIND = java.util.regex.Pattern.compile(".*/([a-z0-9]+)/[0-9.]+\\.json");

    public ProjectLayout {
        services = List.copyOf(services);
    }

    /** Reads the configuration file {@code file} (found by the runtime lookup). */
    public static ProjectLayout read(Path file) {
        Path root = file.toAbsolutePath().getParent();
        JsonNode tree = ConfigFiles.read(file);
        if (kind(file).filter(kind -> !kind.equals("runtime")).isPresent()) {
            String id = root.getFileName().toString();
            return new ProjectLayout(file, root, false, "external", List.of(new ProjectService(id, file.toString(), root,
                    Optional.empty(), Optional.empty(), Optional.empty(), clients(file), kind(file))));
        }
        Map<String, ProjectService> services = new LinkedHashMap<>();
        for (String list : SERVICE_LISTS) {
            JsonNode entries = tree.path(list);
            for (int i = 0; i < entries.size(); i++) {
                ProjectService service = entry(file, root, entries.get(i), "/" + list + "/" + i, tree);
                services.merge(service.id(), service, (a, b) -> a);
            }
        }
        JsonNode autoload = tree.path("autoload");
        if (autoload.isObject()) {
            Path folder = root.resolve(autoload.path("path").asText("")).normalize();
            Set<String> excluded = new LinkedHashSet<>();
            autoload.path("exclude").forEach(name -> excluded.add(name.asText()));
            for (Path child : children(folder)) {
                String name = child.getFileName().toString();
                String id = autoload.path("mappings").path(name).path("id").asText(name);
                if (!excluded.contains(name) && !services.containsKey(id)) {
                    Path config = configFile(child, autoload.path("mappings").path(name).path("config").asText(""));
                    services.put(id, new ProjectService(id, file + ": /autoload/path", child, Optional.empty(),
                            Optional.empty(), Optional.empty(), clients(config), kind(config)));
                }
            }
        }
        return new ProjectLayout(file, root, true, tree.path("resolvedServicesBasePath").asText("external"),
                List.copyOf(services.values()));
    }

    private static ProjectService entry(Path file, Path root, JsonNode entry, String pointer, JsonNode tree) {
        String id = entry.path("id").asText("");
        if (id.isEmpty()) {
            throw new RtException(ErrorCode.CONFIG_INVALID, file + ": " + pointer + ": a service needs an \"id\"");
        }
        Optional<String> url = text(entry, "url");
        String base = tree.path("resolvedServicesBasePath").asText("external");
        Path directory = root.resolve(text(entry, "path").orElse(base + "/" + id)).normalize();
        if (url.isEmpty() && text(entry, "path").isEmpty()) {
            throw new RtException(ErrorCode.CONFIG_INVALID, file + ": " + pointer + ": the service \"" + id
                    + "\" needs a \"path\" or a git \"url\"");
        }
        List<String> dependencies = new ArrayList<>();
        entry.path("dependencies").forEach(dependency -> dependencies.add(dependency.asText()));
        Path config = configFile(directory, entry.path("config").asText(""));
        clients(config).stream().filter(client -> !dependencies.contains(client)).forEach(dependencies::add);
        return new ProjectService(id, file + ": " + pointer, directory, url, text(entry, "gitBranch"),
                text(entry, "packageManager"), dependencies, kind(config));
    }

    private static Optional<String> text(JsonNode node, String field) {
        return node.path(field).isTextual() ? Optional.of(node.path(field).asText()) : Optional.empty();
    }

    private static Path configFile(Path directory, String named) {
        if (!named.isEmpty()) {
            return directory.resolve(named);
        }
        return ConfigFiles.LOOKUP_ORDER.stream().map(directory::resolve).filter(Files::isRegularFile).findFirst()
                .orElse(directory.resolve("rt.json"));
    }

    /** The kind a service's own file declares by its {@code $schema} or its top-level key. */
    static Optional<String> kind(Path config) {
        if (!Files.isRegularFile(config)) {
            return Optional.empty();
        }
        try {
            JsonNode tree = ConfigFiles.read(config);
            java.util.regex.Matcher schema = SCHEMA_KIND.matcher(tree.path("$schema").asText(""));
            if (schema.matches()) {
                return Optional.of(schema.group(1));
            }
            return ConfigKind.applicationKeys().stream().filter(tree::has).findFirst();
        } catch (RtException e) {
            return Optional.empty();
        }
    }

    /** The ids of the services a service's own file names as {@code clients}; none when it cannot be read. */
    private static List<String> clients(Path config) {
        if (!Files.isRegularFile(config)) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        try {
            ConfigFiles.read(config).path("clients").forEach(client -> {
                if (client.path("serviceId").isTextual()) {
                    ids.add(client.path("serviceId").asText());
                }
            });
        } catch (RtException e) {
            // an unreadable file orders nothing; the service's start reports it
        }
        return ids;
    }

    private static List<Path> children(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.filter(Files::isDirectory).filter(dir -> !dir.getFileName().toString().startsWith("."))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
    }

    /** The service of that id. */
    public Optional<ProjectService> service(String id) {
        return services.stream().filter(service -> service.id().equals(id)).findFirst();
    }
}
