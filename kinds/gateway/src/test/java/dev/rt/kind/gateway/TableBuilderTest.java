package dev.rt.kind.gateway;

import dev.rt.kind.gateway.settings.Configs;
import dev.rt.kind.gateway.settings.GatewaySettings;
import dev.rt.kind.gateway.settings.ProxySettings;
import dev.rt.kind.gateway.settings.Section;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.gateway.openapi.ComposedApi;
import dev.rt.kind.routing.OperationRoute;
import dev.rt.kind.routing.PrefixRoute;
import dev.rt.kind.routing.RoutingTable;
import dev.rt.kind.routing.Target;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableBuilderTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Map<String, Object>> SERVICES = Map.of("movies", Map.of(), "users", Map.of(),
            "shop", Map.of());

    private static RoutingTable table(String applications, List<ComposedApi> apis) {
        GatewaySettings settings = GatewaySettings.read(Configs.of("{\"gateway\": {\"applications\": " + applications
                + "}}"), Section.GATEWAY);
        return TableBuilder.build(settings, "api", Membership.resolve(settings, "api", SERVICES), apis);
    }

    @Test
    void proxiedApplicationsArePrefixRulesAndTheirOwnRoutesOperationRules() {
        RoutingTable table = table("[{\"id\": \"users\", \"proxy\": {\"prefix\": \"/users\", \"methods\": [\"GET\"]}},"
                + " {\"id\": \"shop\", \"proxy\": {\"hostname\": \"shop.test\"}},"
                + " {\"id\": \"movies\", \"proxy\": {\"routes\": [\"/\", \"/films/:id\", \"/admin/*\"]}}]", List.of());

        assertThat(table.prefixes()).containsExactly(
                new PrefixRoute(Target.service("users"), Optional.empty(), "/users", "", Set.of("GET")),
                new PrefixRoute(Target.service("shop"), Optional.of("shop.test"), "", "", ProxySettings.DEFAULT_METHODS),
                new PrefixRoute(Target.service("movies"), Optional.empty(), "/movies/admin", "/admin",
                        ProxySettings.DEFAULT_METHODS));
        assertThat(table.operations()).containsExactly(
                new OperationRoute(Target.service("movies"), "/movies", "/", "/", ProxySettings.DEFAULT_METHODS),
                new OperationRoute(Target.service("movies"), "/movies", "/films/{id}", "/films/{id}",
                        ProxySettings.DEFAULT_METHODS));
        assertThat(table.answers()).isEmpty();
    }

    @Test
    void composedDocumentsBecomeOperationsAndTheDocumentationIsAnswered() throws Exception {
        ComposedApi movies = new ComposedApi("movies", "/movies", JSON.readTree("""
                {"openapi": "3.1.0", "info": {"title": "Movies", "version": "1"}, "paths": {
                  "/films/{id}": {"get": {"responses": {"200": {"description": "ok"}}},
                                  "delete": {"responses": {"204": {"description": "gone"}}},
                                  "parameters": []}}}"""), Map.of("/films/{id}", "/movies/{id}"));

        RoutingTable table = table("[{\"id\": \"movies\", \"openapi\": {\"url\": \"/documentation/json\","
                + " \"prefix\": \"/movies\"}}]", List.of(movies));

        assertThat(table.prefixes()).isEmpty();
        assertThat(table.operations()).containsExactly(new OperationRoute(Target.service("movies"), "/movies",
                "/films/{id}", "/movies/{id}", Set.of("GET", "DELETE")));
        assertThat(table.answers()).containsKeys("/documentation/json", "/documentation/yaml", "/documentation",
                "/documentation/", "/documentation/swagger-initializer.js", "/documentation/swagger-ui-bundle.js");
        String json = new String(table.answers().get("/documentation/json").body(), StandardCharsets.UTF_8);
        assertThat(JSON.readTree(json).at("/paths/~1movies~1films~1{id}/get")).isNotNull();
        assertThat(table.answers().get("/documentation").status()).isEqualTo(302);
        assertThat(table.answers().get("/documentation").headers()).containsEntry("location", "documentation/");
        assertThat(new String(table.answers().get("/documentation/").body(), StandardCharsets.UTF_8))
                .contains("swagger-ui-bundle.js");
    }

    @Test
    void aComposedApplicationWhoseDocumentIsMissingLeavesAnEmptyDocument() {
        RoutingTable table = table("[{\"id\": \"movies\", \"openapi\": {\"url\": \"/documentation/json\"}}]", List.of());

        assertThat(table.operations()).isEmpty();
        assertThat(new String(table.answers().get("/documentation/json").body(), StandardCharsets.UTF_8))
                .contains("\"paths\":{}");
    }

    @Test
    void theHealthRouteIsAnsweredByThePublicServerOrByTheGatewaysWorkersWhenItHasAny() {
        GatewaySettings workerless = GatewaySettings.read(Configs.of("{\"gateway\": {\"applications\": [{\"id\":"
                + " \"users\"}]}, \"server\": {\"healthCheck\": true}}"), Section.GATEWAY);
        GatewaySettings withPlugins = GatewaySettings.read(Configs.of("{\"gateway\": {\"applications\": [{\"id\":"
                + " \"users\"}]}, \"server\": {\"healthCheck\": {\"interval\": 100}}, \"plugins\": {\"paths\":"
                + " [\"p\"]}}"), Section.GATEWAY);

        RoutingTable answered = TableBuilder.build(workerless, "api", Membership.resolve(workerless, "api", SERVICES),
                List.of());
        RoutingTable routed = TableBuilder.build(withPlugins, "api", Membership.resolve(withPlugins, "api", SERVICES),
                List.of());

        assertThat(answered.answers()).containsOnlyKeys("/status");
        assertThat(new String(answered.answers().get("/status").body(), StandardCharsets.UTF_8))
                .isEqualTo("{\"status\":\"ok\"}");
        assertThat(answered.answers().get("/status").headers())
                .containsEntry("content-type", "application/json; charset=utf-8");
        assertThat(routed.answers()).isEmpty();
        assertThat(routed.operations()).containsExactly(new OperationRoute(Target.service("api"), "", "/status",
                "/status", Set.of("GET")));
    }
}
