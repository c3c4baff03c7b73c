package dev.rt.kind.db.cli;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import dev.rt.config.ServiceConfig;
import dev.rt.kind.KindException;
import dev.rt.protocol.JsonValues;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The db service a command works on, read through rt's configuration pipeline (formats, {@code .env}, placeholders,
 * validation, defaults): the file given with {@code -c} (a db service's own configuration, or a runtime's with one
 * db service), else the one found in the current directory. Its plugins need not be built: no command here runs them.
 */
record ServiceConfigFile(String serviceId, Path root, Map<String, Object> configuration) {

    static ServiceConfigFile load(Optional<Path> given, Path cwd) {
        RuntimeConfig runtime = new RuntimeConfigLoader(System.getenv(), cwd).withoutClassPaths().load(given);
        List<ServiceConfig> db = runtime.services().stream().filter(s -> s.application().kind().equals("db")).toList();
        if (db.size() != 1) {
            throw new KindException(runtime.file() + " has " + (db.isEmpty() ? "no db service" : db.size()
                    + " db services (" + String.join(", ", db.stream().map(ServiceConfig::id).toList()) + ")")
                    + "; give the db service's own configuration file with -c");
        }
        ServiceConfig service = db.get(0);
        Path file = service.application().file().toAbsolutePath();
        return new ServiceConfigFile(service.id(), file.getParent(), JsonValues.object(service.application().configuration()));
    }
}
