package dev.rt.kind.gateway.cli;

import dev.rt.kind.ConfigurationReader;
import dev.rt.kind.ConfigurationReader.ServiceFile;
import dev.rt.kind.KindException;
import dev.rt.kind.gateway.settings.Section;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The gateway (or composer) a command works on, read as rt reads it ({@link ConfigurationReader}): the file given
 * with {@code -c} (its own configuration, or a runtime's with one gateway), else the one in the current directory.
 */
record GatewayConfigFile(String serviceId, Section section, Path root, Map<String, Object> configuration) {

    static GatewayConfigFile load(Optional<Path> given, Path cwd) {
        List<ServiceFile> gateways = ConfigurationReader.installed().services(given, cwd).stream()
                .filter(s -> section(s).isPresent()).toList();
        if (gateways.size() != 1) {
            throw new KindException(given.map(Path::toString).orElse(cwd.toString()) + " has " + (gateways.isEmpty()
                    ? "no gateway" : gateways.size() + " gateways (" + String.join(", ", gateways.stream()
                            .map(ServiceFile::id).toList()) + ")") + "; give the gateway's own configuration file with -c");
        }
        ServiceFile service = gateways.get(0);
        return new GatewayConfigFile(service.id(), section(service).orElseThrow(), service.directory(),
                service.configuration());
    }

    private static Optional<Section> section(ServiceFile service) {
        return Arrays.stream(Section.values()).filter(s -> s.key().equals(service.kind())).findFirst();
    }
}
