package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.read.ConfigNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code autoload}: every child directory of {@code autoload.path}, minus {@code exclude}, becomes a service
 * whose id is the directory name or its mapping's {@code id}. An explicit service with the same id is
 * merged into it (explicit values win) when it points at the same directory; otherwise the two collide.
 */
final class Autoload {
    private Autoload() {
    }

    /** Explicit service entries followed by the autoloaded ones that were not merged into them. */
    static List<ConfigNode> merge(ConfigNode config, Path root, List<ConfigNode> explicit) {
        ConfigNode autoload = config.get("autoload");
        if (autoload.isMissing()) {
            return explicit;
        }
        Path directory = autoload.get("path").path(root);
        if (!Files.isDirectory(directory)) {
            throw autoload.get("path").error("the directory " + directory + " does not exist");
        }
        Set<String> excluded = Set.copyOf(autoload.get("exclude").nonBlankStrings());
        ConfigNode mappings = autoload.get("mappings");
        Map<String, ConfigNode> byId = new LinkedHashMap<>();
        for (Path child : children(directory, autoload)) {
            String name = child.getFileName().toString();
            if (excluded.contains(name)) {
                continue;
            }
            ConfigNode mapping = mappings.get(name);
            ObjectNode entry = mapping.isMissing() ? JsonNodeFactory.instance.objectNode() : ((ObjectNode) mapping.json()).deepCopy();
            if (!entry.has("id")) {
                entry.put("id", name);
            }
            entry.put("path", child.toString());
            byId.put(entry.get("id").asText(), (mapping.isMissing() ? autoload.get("path") : mapping).withValue(entry));
        }
        List<ConfigNode> merged = new ArrayList<>();
        for (ConfigNode service : explicit) {
            String id = service.get("id").requiredString();
            ConfigNode loaded = byId.remove(id);
            if (loaded == null) {
                merged.add(service);
                continue;
            }
            Path loadedPath = Path.of(loaded.get("path").requiredString());
            Path explicitPath = service.has("path") ? service.get("path").path(root) : null;
            if (explicitPath != null && !explicitPath.equals(loadedPath)) {
                throw service.get("id").error("the service id \"" + id + "\" is used by the autoloaded directory "
                        + loadedPath + " and by this service (path " + explicitPath + "); service ids must be unique "
                        + "(rename one, or add the directory to autoload.exclude)");
            }
            ObjectNode combined = ((ObjectNode) loaded.json()).deepCopy();
            if (service.has(JvmOptions.NAME) || service.has(JvmOptions.NODE_NAME)) { // one setting, two names
                combined.remove(List.of(JvmOptions.NAME, JvmOptions.NODE_NAME));
            }
            combined.setAll(((ObjectNode) service.json()).deepCopy());
            combined.put("path", loadedPath.toString());
            merged.add(service.withValue(combined));
        }
        merged.addAll(byId.values());
        return merged;
    }

    private static List<Path> children(Path directory, ConfigNode where) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(Files::isDirectory)
                    .filter(dir -> !dir.getFileName().toString().startsWith("."))
                    .sorted().toList();
        } catch (IOException e) {
            throw where.get("path").error("cannot list " + directory + ": " + e.getMessage());
        }
    }

    /** Ids that autoload would give, for {RT_<ID>_URL} placeholders, read from the raw tree without failing. */
    static List<String> rawIds(JsonNode raw, Path root) {
        JsonNode path = raw.path("autoload").path("path");
        if (!path.isTextual() || path.textValue().contains("{")) {
            return List.of();
        }
        Path directory = root.resolve(path.textValue());
        try (Stream<Path> entries = Files.list(directory)) {
            List<String> ids = new ArrayList<>();
            entries.filter(Files::isDirectory).forEach(dir -> {
                String name = dir.getFileName().toString();
                ids.add(raw.path("autoload").path("mappings").path(name).path("id").asText(name));
            });
            return ids;
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
