package dev.rt.supervisor.process;

import dev.rt.config.ApplicationConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.install.InstalledKind;
import dev.rt.config.install.Kinds;
import dev.rt.config.error.RtException;
import dev.rt.config.ServiceConfig;
import dev.rt.kind.KindException;
import dev.rt.protocol.JsonValues;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The JVM options a worker's kind asks for its service's configuration ({@code Kind.jvmOptions}, for example what a
 * {@code java.jar}'s manifest says), asked at each worker start so that a changed file counts from the next worker.
 * When the service's own options choose a garbage collector, the kind's choice of one is left out: the JVM refuses to
 * start with two.
 */
final class KindJvmOptions {
    private static final Pattern COLLECTOR = Pattern.compile("-XX:\\+Use(Serial|Parallel|G1|Z|Shenandoah|Epsilon)GC");

    private KindJvmOptions() {
    }

    /** @throws RtException {@code RT_WORKER_SPAWN_FAILED} when the kind refuses the configuration */
    static List<String> of(ServiceConfig service) {
        ApplicationConfig application = service.application();
        Optional<InstalledKind> kind = Kinds.installed().find(application.kind());
        if (kind.isEmpty()) {
            return List.of(); // a kind rt cannot run never passes the configuration's loading
        }
        try {
            return withoutReplacedCollector(kind.get().kind().jvmOptions(JsonValues.object(application.configuration()),
                    service.directory()), service.jvmOptions());
        } catch (KindException e) {
            throw new RtException(ErrorCode.WORKER_SPAWN_FAILED, application.file() + ": "
                    + e.pointer().orElse("/" + application.kind()) + ": " + e.getMessage());
        }
    }

    static List<String> withoutReplacedCollector(List<String> kindOptions, List<String> own) {
        if (own.stream().noneMatch(option -> COLLECTOR.matcher(option).matches())) {
            return List.copyOf(kindOptions);
        }
        return kindOptions.stream().filter(option -> !COLLECTOR.matcher(option).matches()).toList();
    }
}
