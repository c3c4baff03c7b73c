package dev.rt.supervisor;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.kind.KindLog;
import dev.rt.kind.RouterContext;
import dev.rt.kind.routing.RoutingTable;
import dev.rt.protocol.JsonValues;
import dev.rt.supervisor.log.Level;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.route.MeshOnlySelector;
import dev.rt.supervisor.proxy.route.PublicRoutes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the supervisor gives the router of its entrypoint service: the runtime's services, the mesh, the log. */
final class SupervisorRouterContext implements RouterContext {
    private final ServiceConfig service;
    private final Map<String, Map<String, Object>> services = new LinkedHashMap<>();
    private final ProxySelector proxy;
    private final KindLog log;
    private final boolean development;
    private final PublicRoutes routes;

    SupervisorRouterContext(RuntimeConfig config, ServiceConfig service, InetSocketAddress mesh, RuntimeLog log,
            boolean development, PublicRoutes routes) {
        this.service = service;
        config.services().stream().filter(other -> !other.id().equals(service.id())).forEach(other ->
                services.put(other.id(), JsonValues.object(other.application().configuration())));
        this.proxy = new MeshOnlySelector(() -> mesh);
        this.log = new RuntimeKindLog(log);
        this.development = development;
        this.routes = routes;
    }

    @Override
    public String serviceId() {
        return service.id();
    }

    @Override
    public Path serviceDirectory() {
        return service.directory().toAbsolutePath();
    }

    @Override
    public Map<String, Map<String, Object>> services() {
        return java.util.Collections.unmodifiableMap(services);
    }

    @Override
    public boolean development() {
        return development;
    }

    @Override
    public ProxySelector proxy() {
        return proxy;
    }

    @Override
    public KindLog log() {
        return log;
    }

    @Override
    public void publish(RoutingTable table) {
        routes.publish(table);
    }

    /** A kind's log lines, as lines of the runtime. */
    private record RuntimeKindLog(RuntimeLog log) implements KindLog {
        @Override
        public void debug(String message) {
            log.log(Level.DEBUG, message);
        }

        @Override
        public void info(String message) {
            log.log(Level.INFO, message);
        }

        @Override
        public void warn(String message) {
            log.log(Level.WARN, message);
        }

        @Override
        public void error(String message) {
            log.log(Level.ERROR, message);
        }

        @Override
        public void error(String message, Throwable cause) {
            StringWriter trace = new StringWriter();
            cause.printStackTrace(new PrintWriter(trace));
            log.log(Level.ERROR, message + "\n" + trace.toString().stripTrailing());
        }
    }
}
