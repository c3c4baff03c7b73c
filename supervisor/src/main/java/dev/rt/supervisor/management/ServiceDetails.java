package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.supervisor.RtVersion;
import dev.rt.supervisor.Supervisor;
import dev.rt.config.ServiceConfig;

/**
 * The details object of one service (REFERENCE.md §1.3): {@code id, type, config, path, status, dependencies,
 * version, localUrl, entrypoint, sourceMaps, workers}, and {@code url} for the entrypoint (null unless started);
 * rt adds {@code listeners}, where each started worker's application listens:
 * {@code [{worker, address, port, everyInterface}]}.
 */
final class ServiceDetails {
    private ServiceDetails() {
    }

    static ObjectNode of(Supervisor supervisor, ServiceConfig service) {
        ObjectNode details = JsonNodeFactory.instance.objectNode();
        boolean entrypoint = service.id().equals(supervisor.config().entrypoint());
        String status = ServiceTarget.status(supervisor, service.id());
        details.put("id", service.id());
        details.put("type", service.application().kind());
        details.put("config", service.application().file().toAbsolutePath().toString());
        details.put("path", service.directory().toAbsolutePath().toString());
        details.put("status", status);
        service.dependencies().forEach(details.putArray("dependencies")::add);
        details.put("version", RtVersion.get());
        details.put("localUrl", service.meshUrl());
        details.put("entrypoint", entrypoint);
        details.put("sourceMaps", false);
        details.put("workers", supervisor.options().development() ? 1 : service.workers());
        var listeners = details.putArray("listeners");
        ServiceTarget.workersOf(supervisor, service.id()).stream().filter(w -> w.port().isPresent())
                .forEach(w -> listeners.addObject().put("worker", w.index()).put("address", w.listenAddress())
                        .put("port", w.port().getAsInt()).put("everyInterface", w.listensOnEveryInterface()));
        if (entrypoint) {
            if (status.equals("started") && supervisor.entrypointAddress().isPresent()) {
                details.put("url", supervisor.url());
            } else {
                details.putNull("url");
            }
        }
        return details;
    }
}
