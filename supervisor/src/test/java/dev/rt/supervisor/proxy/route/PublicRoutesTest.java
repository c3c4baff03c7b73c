package dev.rt.supervisor.proxy.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.routing.Answer;
import dev.rt.kind.routing.OperationRoute;
import dev.rt.kind.routing.PrefixRoute;
import dev.rt.kind.routing.RoutingTable;
import dev.rt.kind.routing.Target;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PublicRoutesTest {
    private static final Set<String> ALL = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");
    private final EmbeddedChannel client = new EmbeddedChannel();
    private final EntrypointRoute entry = new EntrypointRoute("api", "", "http");

    private static PrefixRoute prefix(String service, String prefix, String upstream) {
        return new PrefixRoute(Target.service(service), Optional.empty(), prefix, upstream, ALL);
    }

    private static HttpRequest request(HttpMethod method, String uri, String host) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, uri);
        request.headers().set("Host", host);
        return request;
    }

    private static ProxyRoute routes(RoutingTable table, boolean ownWorkers) {
        PublicRoutes routes = new PublicRoutes("api", ownWorkers);
        routes.publish(table);
        return routes.over(new EntrypointRoute("api", "", "http"));
    }

    @Test
    void longestPrefixWinsAndIsReplacedByTheUpstreamPrefix() {
        ProxyRoute route = routes(new RoutingTable(List.of(prefix("movies", "/movies", ""),
                prefix("archive", "/movies/archive", "/v2"), prefix("root", "", "")), List.of(), Map.of()), false);

        HttpRequest nested = request(HttpMethod.GET, "/movies/archive/7?full=1", "example.com");
        assertThat(route.route(nested, client).serviceId()).isEqualTo("archive");
        assertThat(nested.uri()).isEqualTo("/v2/7?full=1");

        HttpRequest movies = request(HttpMethod.GET, "/movies?limit=2", "example.com");
        assertThat(route.route(movies, client).serviceId()).isEqualTo("movies");
        assertThat(movies.uri()).isEqualTo("/?limit=2");

        HttpRequest lookalike = request(HttpMethod.GET, "/moviesx/1", "example.com");
        assertThat(route.route(lookalike, client).serviceId()).isEqualTo("root");
        assertThat(lookalike.uri()).isEqualTo("/moviesx/1");
    }

    @Test
    void aMethodTheRuleDoesNotTakeFallsToAShorterPrefixThenToTheService() {
        PrefixRoute readOnly = new PrefixRoute(Target.service("reports"), Optional.empty(), "/reports", "",
                Set.of("GET"));
        ProxyRoute route = routes(new RoutingTable(List.of(readOnly), List.of(), Map.of()), true);

        assertThat(route.route(request(HttpMethod.HEAD, "/reports/1", "h"), client).serviceId()).isEqualTo("reports");
        HttpRequest post = request(HttpMethod.POST, "/reports/1", "h");
        assertThat(route.route(post, client).serviceId()).isEqualTo("api");
        assertThat(post.uri()).isEqualTo("/reports/1");
    }

    @Test
    void withoutWorkersWhatNoRuleTakesIsNotFound() {
        ProxyRoute route = routes(new RoutingTable(List.of(prefix("movies", "/movies", "")), List.of(), Map.of()), false);

        assertThatThrownBy(() -> route.route(request(HttpMethod.GET, "/other?x", "h"), client))
                .isInstanceOfSatisfying(RouteRejectedException.class, e -> assertThat(e.error().json())
                        .isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Route GET:/other?x not found\"}"));
    }

    @Test
    void beforeTheFirstTableEveryRequestGoesToTheServiceItself() {
        ProxyRoute route = new PublicRoutes("api", false).over(entry);

        assertThat(route.route(request(HttpMethod.GET, "/movies", "h"), client).serviceId()).isEqualTo("api");
    }

    @Test
    void aHostRuleTakesEveryPathOfItsHostAndOnlyItsHost() {
        PrefixRoute shop = new PrefixRoute(Target.service("shop"), Optional.of("Shop.Example.com"), "", "", ALL);
        ProxyRoute route = routes(new RoutingTable(List.of(shop, prefix("users", "/users", "")), List.of(),
                Map.of("/documentation/json", Answer.ok("application/json", new byte[0]))), false);

        HttpRequest forShop = request(HttpMethod.GET, "/users/documentation/json", "shop.example.com:8443");
        assertThat(route.route(forShop, client).serviceId()).isEqualTo("shop");
        assertThat(forShop.uri()).isEqualTo("/users/documentation/json");
        assertThat(route.route(request(HttpMethod.GET, "/users/1", "other.example.com"), client).serviceId())
                .isEqualTo("users");
    }

    @Test
    void anOperationTemplateMatchesWithOrWithoutTrailingSlashAndFillsItsUpstreamPath() {
        OperationRoute byId = new OperationRoute(Target.service("movies"), "/movies", "/films/{id}",
                "/movies/{id}", Set.of("GET"));
        OperationRoute list = new OperationRoute(Target.service("movies"), "/movies", "/films", "/movies",
                Set.of("GET", "POST"));
        ProxyRoute route = routes(new RoutingTable(List.of(), List.of(byId, list), Map.of()), false);

        HttpRequest one = request(HttpMethod.GET, "/movies/films/7%20b?x=1", "h");
        assertThat(route.route(one, client).serviceId()).isEqualTo("movies");
        assertThat(one.uri()).isEqualTo("/movies/7%20b?x=1");

        HttpRequest collection = request(HttpMethod.POST, "/movies/films/", "h");
        route.route(collection, client);
        assertThat(collection.uri()).isEqualTo("/movies");

        assertThatThrownBy(() -> route.route(request(HttpMethod.DELETE, "/movies/films/7", "h"), client))
                .isInstanceOf(RouteRejectedException.class);
        assertThatThrownBy(() -> route.route(request(HttpMethod.GET, "/movies/films/7/cast", "h"), client))
                .isInstanceOf(RouteRejectedException.class);
    }

    @Test
    void aLiteralSegmentIsPreferredToAParameter() {
        OperationRoute byId = new OperationRoute(Target.service("a"), "", "/items/{id}", "/items/{id}", Set.of("GET"));
        OperationRoute latest = new OperationRoute(Target.service("b"), "", "/items/latest", "/latest", Set.of("GET"));
        ProxyRoute route = routes(new RoutingTable(List.of(), List.of(byId, latest), Map.of()), false);

        assertThat(route.route(request(HttpMethod.GET, "/items/latest", "h"), client).serviceId()).isEqualTo("b");
        assertThat(route.route(request(HttpMethod.GET, "/items/3", "h"), client).serviceId()).isEqualTo("a");
    }

    @Test
    void anAnswerIsGivenForGetAndHeadAtItsExactPath() {
        byte[] body = "{\"openapi\":\"3.1.0\"}".getBytes(StandardCharsets.UTF_8);
        ProxyRoute route = routes(new RoutingTable(List.of(prefix("docs", "/documentation", "")), List.of(),
                Map.of("/documentation/json", Answer.ok("application/json", body))), false);

        RouteTarget answered = route.route(request(HttpMethod.GET, "/documentation/json?v=1", "h"), client);
        FullHttpResponse response = answered.answer().toResponse(UnpooledByteBufAllocator.DEFAULT, false);
        assertThat(response.status().code()).isEqualTo(200);
        assertThat(response.headers().get("content-type")).isEqualTo("application/json");
        assertThat(response.headers().getInt("content-length")).isEqualTo(body.length);
        assertThat(response.content().toString(StandardCharsets.UTF_8)).isEqualTo("{\"openapi\":\"3.1.0\"}");
        response.release();
        assertThat(route.route(request(HttpMethod.POST, "/documentation/json", "h"), client).answer()).isNull();
    }

    @Test
    void anOriginOutsideTheRuntimeGetsItsOwnHostAndTheForwardedMarksOfTheClient() {
        PrefixRoute legacy = new PrefixRoute(new Target("legacy", Optional.of("http://legacy.internal:8080")),
                Optional.empty(), "/legacy", "", ALL);
        ProxyRoute route = routes(new RoutingTable(List.of(legacy), List.of(), Map.of()), false);
        HttpRequest request = request(HttpMethod.GET, "/legacy/x", "public.example.com");

        RouteTarget target = route.route(request, client);

        assertThat(target.fixed()).hasValueSatisfying(upstream -> {
            assertThat(upstream.address().getHostString()).isEqualTo("legacy.internal");
            assertThat(upstream.address().getPort()).isEqualTo(8080);
        });
        assertThat(request.headers().get("Host")).isEqualTo("legacy.internal:8080");
        assertThat(request.headers().get("X-Forwarded-Host")).isEqualTo("public.example.com");
        assertThat(request.uri()).isEqualTo("/x");
    }

    @Test
    void aNewTableTakesOverFromTheNextRequest() {
        PublicRoutes routes = new PublicRoutes("api", false);
        routes.publish(new RoutingTable(List.of(prefix("v1", "/items", "")), List.of(), Map.of()));
        ProxyRoute route = routes.over(entry);
        assertThat(route.route(request(HttpMethod.GET, "/items", "h"), client).serviceId()).isEqualTo("v1");

        routes.publish(new RoutingTable(List.of(prefix("v2", "/items", "")), List.of(), Map.of()));

        assertThat(route.route(request(HttpMethod.GET, "/items", "h"), client).serviceId()).isEqualTo("v2");
    }
}
