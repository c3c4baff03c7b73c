package dev.rt.kind.service;

import dev.rt.kind.service.auth.Authentication;

import dev.rt.kind.KindException;
import dev.rt.kind.cors.CorsSettings;
import dev.rt.kind.forwarded.TrustedProxies;
import dev.rt.kind.service.config.ConfigValues;
import dev.rt.kind.service.plugin.ErrorHandlerLoader;
import dev.rt.kind.service.plugin.PluginLibrary;
import dev.rt.kind.service.plugin.PluginLocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the schema cannot say about a service configuration, checked before any worker starts ({@link #check}): the
 * settings that have no meaning on the JVM are refused with what to use instead, regular expressions must compile.
 * Then, where workers may start, the class path they need ({@link #classPath}): every plugin path must hold plugins.
 */
final class ServiceConfigCheck {
    private ServiceConfigCheck() {
    }

    static void check(Map<String, Object> configuration) {
        Map<String, Object> plugins = ConfigValues.object(configuration, "plugins");
        Map<String, Object> server = ConfigValues.object(configuration, "server");
        refuse(plugins, "/plugins");
        checkServer(server);
        Authentication.check(configuration);
    }

    static List<Path> classPath(Map<String, Object> configuration, Path directory) {
        Map<String, Object> plugins = ConfigValues.object(configuration, "plugins");
        Map<String, Object> server = ConfigValues.object(configuration, "server");
        Set<Path> classPath = new LinkedHashSet<>();
        for (PluginLibrary library : new PluginLocator(directory).locate(plugins)) {
            library.location().ifPresent(classPath::add);
        }
        ConfigValues.string(server, "errorHandler")
                .ifPresent(value -> ErrorHandlerLoader.location(directory, value).ifPresent(classPath::add));
        return new ArrayList<>(classPath);
    }

    private static void refuse(Map<String, Object> plugins, String pointer) {
        if (plugins.containsKey("typescript") && !Boolean.FALSE.equals(plugins.get("typescript"))
                && !"false".equals(plugins.get("typescript")) && !"".equals(plugins.get("typescript"))) {
            throw KindException.at(pointer + "/typescript", "TypeScript has no meaning for a JVM service: plugins arrive"
                    + " compiled, as jars or class directories; remove it and build the plugins with Maven or Gradle"
                    + " (rt service compile runs that build)");
        }
        List<Object> paths = ConfigValues.list(plugins.get("paths"));
        for (int i = 0; i < paths.size(); i++) {
            Map<String, Object> entry = ConfigValues.object(paths.get(i));
            String at = pointer + "/paths/" + i;
            if (entry.containsKey("forceESM")) {
                throw KindException.at(at + "/forceESM", "ES modules have no meaning on the JVM; remove it");
            }
            if (ConfigValues.flag(entry, "autoHooks", false) || entry.containsKey("autoHooksPattern")) {
                throw KindException.at(at + (entry.containsKey("autoHooksPattern") ? "/autoHooksPattern" : "/autoHooks"),
                        "hook files are not loaded automatically on the JVM; remove it, and register hooks with"
                                + " ServiceContext.onRequest in a plugin whose entry has \"encapsulate\": false");
            }
        }
    }

    /**
     * The checks of the {@code server} section: settings refused, CORS origin patterns that must compile, trusted
     * proxies that must be addresses or ranges.
     */
    static void checkServer(Map<String, Object> server) {
        refuseServer(server);
        if (server.get("cors") instanceof Map<?, ?> cors) {
            try {
                CorsSettings.read(ConfigValues.object(cors), "/server/cors");
            } catch (CorsSettings.InvalidPattern e) {
                throw KindException.at(e.pointer(), e.getMessage());
            }
        }
        try {
            TrustedProxies.of(server.get("trustProxy"));
        } catch (TrustedProxies.InvalidEntry e) {
            throw KindException.at("/server/trustProxy" + e.at(), e.getMessage());
        }
    }

    private static void refuseServer(Map<String, Object> server) {
        if (server.containsKey("serializerOpts")) {
            throw KindException.at("/server/serializerOpts", "rt writes JSON with Jackson, which takes no serializer"
                    + " options of the reference's; remove it (a plugin can configure Vert.x's Jackson mapper itself)");
        }
        if (Boolean.FALSE.equals(server.get("jsonShorthand"))) {
            throw KindException.at("/server/jsonShorthand", "route schemas are always plain JSON Schemas here;"
                    + " remove it");
        }
        for (String key : ConfigValues.object(server, "logger").keySet()) {
            if (!key.equals("level")) {
                throw KindException.at("/server/logger/" + key, "a service's entries go to the runtime's log, whose"
                        + " logger settings apply; keep only \"level\" here and set the rest in the runtime's logger");
            }
        }
    }
}
