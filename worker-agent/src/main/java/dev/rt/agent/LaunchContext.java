package dev.rt.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What starting an application needs besides its kind's settings.
 *
 * @param serviceId        the service, named in every error message
 * @param serviceDirectory where the service's files are; relative paths resolve against it
 * @param arguments        the service's {@code arguments}, for the application's {@code main}
 * @param offeredPort      the {@code PORT} offered to a wrapped application, preferred when it listens on several
 */
record LaunchContext(String serviceId, Path serviceDirectory, List<String> arguments, OptionalInt offeredPort) {

    LaunchContext {
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(serviceDirectory, "serviceDirectory");
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(offeredPort, "offeredPort");
    }
}
