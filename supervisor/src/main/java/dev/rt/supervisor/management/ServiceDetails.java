package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.worker.WorkerView;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The details object of one service: {@code id, type, config, path, status, dependencies,
 * version, localUrl, entrypoint, sourceMaps, workers}, and {@code url} for the entrypoint (null unless started);
 * rt adds {@code listeners}, where each started worker's application listens:
 * {@code [{worker, address, port, everyInterface}]}, and {@code processes}, each worker's JVM and the service's spare
 * JVM: {@code [{worker, pid, status, uptimeSeconds, unhealthy, command, arguments}]} (the command line and its
 * application's arguments), and {@code restarts}, how many times the service was restarted.
 */
final class ServiceDetails {
    private ServiceDetails() {
    }

    static ObjectNode of(ManagedRuntime runtime, ServiceConfig service) {
        ObjectNode details = JsonNodeFactory.instance.objectNode();
        boolean entrypoint = service.id().equals(runtime.config().entrypoint());
        String status = ServiceTarget.status(runtime, service.id());
        details.put("id", service.id());
        details.put("type", service.application().kind());
        details.put("config", service.application().file().toAbsolutePath().toString());
        details.put("path", service.directory().toAbsolutePath().toString());
        details.put("status", status);
        service.dependencies().forEach(details.putArray("dependencies")::add);
        details.put("version", runtime.version());
        details.put("localUrl", service.meshUrl());
        details.put("entrypoint", entrypoint);
        details.put("sourceMaps", false);
        details.put("workers", runtime.production() ? service.workers() : Math.min(1, service.workers()));
        details.put("restarts", runtime.restarts(service.id()));
        var listeners = details.putArray("listeners");
        ServiceTarget.workersOf(runtime, service.id()).stream().filter(w -> w.port().isPresent())
                .forEach(w -> listeners.addObject().put("worker", w.index()).put("address", w.listenAddress())
                        .put("port", w.port().getAsInt()).put("everyInterface", w.listensOnEveryInterface()));
        var processes = details.putArray("processes");
        Stream.concat(ServiceTarget.workersOf(runtime, service.id()).stream(),
                runtime.spares().stream().filter(w -> w.serviceId().equals(service.id())))
                .forEach(w -> process(processes.addObject(), w));
        if (entrypoint) {
            runtime.url().filter(url -> status.equals("started"))
                    .ifPresentOrElse(url -> details.put("url", url), () -> details.putNull("url"));
        }
        return details;
    }

    /**
     * One worker's JVM: {@code {worker, pid, status, uptimeSeconds, unhealthy, command, arguments}}; the status of a
     * spare is "spare".
     */
    private static void process(ObjectNode process, WorkerView worker) {
        process.put("worker", worker.index()).put("pid", worker.pid())
                .put("status", worker.spare() ? "spare" : worker.state().name().toLowerCase(Locale.ROOT))
                .put("uptimeSeconds", worker.uptimeMillis() / 1000).put("unhealthy", worker.unhealthy());
        worker.command().forEach(process.putArray("command")::add);
        worker.arguments().forEach(process.putArray("arguments")::add);
    }
}
