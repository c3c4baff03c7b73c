package dev.rt.kind.gateway.cli;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import dev.rt.config.ServiceConfig;
import dev.rt.kind.KindException;
import dev.rt.kind.gateway.Section;
import dev.rt.protocol.JsonValues;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The gateway (or composer) a command works on, read through rt's configuration pipeline: the file given with
 * {@code -c} (its own configuration, or a runtime's with one gateway), else the one found in the current directory.
 */
record GatewayConfigFile(String serviceId, Section section, Path root, Map<String, Object> configuration) {

    static GatewayConfigFile load(Optional<Path> given, Path cwd) {
        RuntimeConfig runtime = new RuntimeConfigLoader(System.getenv(), cwd).load(given);
        List<ServiceConfig> gateways = runtime.services().stream().filter(s -> section(s).isPresent()).toList();
        if (gateways.size() != 1) {
            throw new KindException(runtime.file() + " has " + (gateways.isEmpty() ? "no gateway" : gateways.size()
                    + " gateways (" + String.join(", ", gateways.stream().map(ServiceConfig::id).toList()) + ")")
                    + "; give the gateway's own configuration file with -c");
        }
        ServiceConfig service = gateways.get(0);
        Path file = service.application().file().toAbsolutePath();
        return new GatewayConfigFile(service.id(), section(service).orElseThrow(), file.getParent(),
                JsonValues.object(service.application().configuration()));
    }

    private static Optional<Section> section(ServiceConfig service) {
        return Arrays.stream(Section.values()).filter(s -> s.key().equals(service.application().kind())).findFirst();
    }
}
