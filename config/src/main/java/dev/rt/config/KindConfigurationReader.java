package dev.rt.config;

import dev.rt.kind.ConfigurationReader;
import dev.rt.protocol.JsonValues;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The {@link ConfigurationReader} kinds' commands use: a {@link RuntimeConfigLoader} on the real environment. Found
 * with {@link java.util.ServiceLoader} ({@code META-INF/services}).
 */
public final class KindConfigurationReader implements ConfigurationReader {

    @Override
    public List<ServiceFile> services(Optional<Path> given, Path workingDirectory) {
        RuntimeConfig runtime = new RuntimeConfigLoader(System.getenv(), workingDirectory).load(given);
        return runtime.services().stream().map(service -> new ServiceFile(service.id(), service.application().kind(),
                service.application().file().toAbsolutePath(), JsonValues.object(service.application().configuration())))
                .toList();
    }
}
