package dev.rt.kind.gateway;

import dev.rt.kind.EntrypointRouter;
import dev.rt.kind.Kind;
import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import dev.rt.kind.gateway.cli.OpenApiCommand;
import dev.rt.kind.gateway.graphql.ComposedGraphQl;
import dev.rt.kind.gateway.openapi.DocumentRules;
import dev.rt.kind.gateway.settings.ApplicationSettings;
import dev.rt.kind.gateway.settings.GatewayServer;
import dev.rt.kind.gateway.settings.GatewaySettings;
import dev.rt.kind.gateway.settings.OpenApiSource;
import dev.rt.kind.gateway.settings.Section;
import dev.rt.kind.service.ServiceHost;
import dev.rt.kind.service.ServiceKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the {@code gateway} kind and its older name, the {@code composer}, share: everything but their name, schema
 * and {@link Section}. This class stays free of Vert.x: only {@link #start} (a gateway with plugins, or composing
 * GraphQL) hands over to the service kind's server.
 */
abstract class ComposingKind implements Kind {
    private final Section section;

    private static final String GATEWAY_SCHEMA = "gateway.json";

    ComposingKind(Section section) {
        this.section = section;
    }

    @Override
    public String name() {
        return section.key();
    }

    @Override
    public String configSchema() {
        return schema(section.key() + ".json");
    }

    /**
     * The service kind's schema, whose {@code plugins} and {@code watch} a gateway shares, and the gateway's, whose
     * {@code server} (without the service kind's defaults: unset, the public server does not apply them) the
     * composer shares.
     */
    @Override
    public Map<String, String> configSchemaDocuments() {
        Map<String, String> documents = new HashMap<>(ServiceKind.sharedSchema());
        documents.put(GATEWAY_SCHEMA, schema(GATEWAY_SCHEMA));
        return documents;
    }

    private static String schema(String file) {
        try (InputStream in = ComposingKind.class.getResourceAsStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the schema " + file, e);
        }
    }

    /** The applications it reaches over the mesh: without an origin, or at {@code http://<id>.rt.local}. */
    @Override
    public List<String> dependencies(Map<String, Object> configuration) {
        return GatewaySettings.read(configuration, section).applications().stream()
                .flatMap(application -> application.meshService().stream()).toList();
    }

    /**
     * Checks the settings (ids, origins, prefixes, each {@code openapi.config}, its own {@code server}; a document
     * missing from its {@code openapi.file} is only logged when the gateway starts, like one that does not answer),
     * and those of the service kind's server when it runs workers.
     */
    @Override
    public void check(Map<String, Object> configuration, Path serviceDirectory) {
        GatewaySettings settings = GatewaySettings.read(configuration, section);
        for (ApplicationSettings application : settings.applications()) {
            Optional<OpenApiSource> openapi = application.openapi();
            if (openapi.isEmpty()) {
                continue;
            }
            String pointer = application.pointer() + "/openapi";
            openapi.get().config(serviceDirectory).ifPresent(rules -> DocumentRules.read(rules, pointer + "/config"));
        }
        if (settings.runsWorkers()) {
            ServiceHost.check(configuration);
        }
    }

    /** What the plugins of its workers need, if it runs any. */
    @Override
    public List<Path> classPath(Map<String, Object> configuration, Path serviceDirectory) {
        return runsWorkers(configuration) ? ServiceHost.classPath(configuration, serviceDirectory) : List.of();
    }

    /**
     * With workers, {@code server.errorHandler} answers what they answer; the errors the public server gives routed
     * requests (408, 413, 502-504) cannot run it.
     */
    @Override
    public List<Map.Entry<String, String>> warnings(Map<String, Object> configuration) {
        GatewaySettings settings = GatewaySettings.read(configuration, section);
        return settings.runsWorkers() && settings.server().errorHandler()
                ? List.of(Map.entry("/server/errorHandler", GatewayServer.ERROR_HANDLER_WITH_WORKERS)) : List.of();
    }

    /** Workers only for plugins of its own, or the composed GraphQL schema: the routing is the public server's. */
    @Override
    public boolean runsWorkers(Map<String, Object> configuration) {
        return GatewaySettings.read(configuration, section).runsWorkers();
    }

    @Override
    public Optional<EntrypointRouter> entrypointRouter(Map<String, Object> configuration) {
        return Optional.of(new GatewayRouter(GatewaySettings.read(configuration, section)));
    }

    @Override
    public Optional<ProjectTemplate> projectTemplate() {
        return Optional.of(GatewayProjectTemplate.get(section));
    }

    @Override
    public List<Object> commands() {
        return List.of(new OpenApiCommand());
    }

    /** The service kind's server, with the composed GraphQL schema when applications have {@code graphql}. */
    @Override
    public RunningApplication start(WorkerContext context) {
        GatewaySettings settings = GatewaySettings.read(context.configuration(), section);
        ServiceHost host = ServiceHost.configure(context);
        if (settings.composesGraphQl()) {
            host.plugin("graphql-composition", new ComposedGraphQl(settings.applications(), settings.graphiql(),
                    context.log()));
        }
        return host.start();
    }
}
