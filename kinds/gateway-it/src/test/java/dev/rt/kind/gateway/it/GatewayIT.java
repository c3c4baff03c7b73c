package dev.rt.kind.gateway.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.rt.cli.e2e.Chromium;
import dev.rt.cli.e2e.RtProcess;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gateway runtime (testdata/services/gateway): the gateway "api" as entrypoint, with a plugin of its own, in
 * front of "movies" (composed from its OpenAPI document under /movies), "users" (proxied at /users), "shop" (for the
 * host shop.test) and "abs" (proxied at the base path it advertises, which it keeps). Talked to as a client would.
 */
class GatewayIT {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    static RtProcess rt;

    @BeforeAll
    static void start() throws Exception {
        rt = RtProcess.startService("gateway").listening(LIMIT);
    }

    @AfterAll
    static void stop() throws Exception {
        rt.close();
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static String authority() {
        return URI.create(rt.url()).getAuthority();
    }

    @Test
    void aPrefixIsRemovedBeforeTheServiceAndTheForwardedHeadersSayWhereTheRequestCameFrom() throws Exception {
        JsonNode seen = json(rt.get("/users/whoami?x=1"));

        assertThat(seen.get("service").asText()).isEqualTo("users");
        assertThat(seen.get("uri").asText()).isEqualTo("/whoami?x=1");
        assertThat(seen.get("host").asText()).isEqualTo(authority());
        assertThat(seen.get("forwardedHost").asText()).isEqualTo(authority());
        assertThat(seen.get("forwardedProto").asText()).isEqualTo("http");
        assertThat(seen.get("forwardedFor").asText()).isEqualTo("127.0.0.1");
        assertThat(json(rt.get("/users")).get("uri").asText()).isEqualTo("/");
        assertThat(json(rt.get("/users/")).get("uri").asText()).isEqualTo("/");
    }

    @Test
    void aRedirectComesBackUnderThePrefix() throws Exception {
        HttpResponse<String> redirect = rt.get("/users/go?to=/landing%3Fa%3D1");

        assertThat(redirect.statusCode()).isEqualTo(302);
        assertThat(redirect.headers().firstValue("location")).hasValue("/users/landing?a=1");
        assertThat(rt.get("/users/go?to=https://example.com/elsewhere").headers().firstValue("location"))
                .hasValue("https://example.com/elsewhere");
    }

    @Test
    void aHostNameTakesEveryPathOfItsHost() throws Exception {
        JsonNode seen = json(rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/users/whoami"))
                .header("Host", "shop.test")));

        assertThat(seen.get("service").asText()).isEqualTo("shop");
        assertThat(seen.get("uri").asText()).isEqualTo("/users/whoami");
        assertThat(seen.get("forwardedHost").asText()).isEqualTo("shop.test");
    }

    @Test
    void aServiceThatWantsAbsoluteUrlsKeepsThePrefixItAdvertises() throws Exception {
        JsonNode seen = json(rt.get("/abs/whoami"));

        assertThat(seen.get("service").asText()).isEqualTo("abs");
        assertThat(seen.get("uri").asText()).isEqualTo("/abs/whoami");
    }

    @Test
    void theDocumentedOperationsOfAComposedServiceAreRoutedWithOrWithoutATrailingSlash() throws Exception {
        HttpResponse<String> saved = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/movies/movies"))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"title\": \"Alien\", \"year\": 1979}")));
        int id = json(saved).get("id").asInt();

        assertThat(json(rt.get("/movies/movies/" + id)).get("title").asText()).isEqualTo("Alien");
        assertThat(json(rt.get("/movies/movies?limit=100"))).anySatisfy(m -> assertThat(m.get("id").asInt()).isEqualTo(id));
        assertThat(json(rt.get("/movies/movies/?limit=100"))).anySatisfy(m -> assertThat(m.get("id").asInt()).isEqualTo(id));
        assertThat(json(rt.get("/movies/greeting")).get("greeting").asText()).isEqualTo("hi through the gateway");
        HttpResponse<String> undocumented = rt.get("/movies/crash");
        assertThat(undocumented.statusCode()).isEqualTo(404);
        assertThat(undocumented.body()).isEqualTo("{\"message\":\"Route GET:/movies/crash not found\","
                + "\"error\":\"Not Found\",\"statusCode\":404}");
    }

    @Test
    void whatNoApplicationTakesGoesToTheGatewaysOwnPlugins() throws Exception {
        assertThat(rt.get("/hello").body()).isEqualTo("{\"hello\":\"world\"}");
    }

    @Test
    void requestsRoutedToApplicationsGetTheGatewaysCorsBodyLimitAndHealthRouteAsItsOwnPluginsDo() throws Exception {
        HttpResponse<String> routed = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/users/whoami"))
                .header("Origin", "https://app.example.com"));
        HttpResponse<String> own = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/hello"))
                .header("Origin", "https://app.example.com"));
        HttpResponse<String> preflight = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/users/whoami"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()).header("Origin", "https://app.example.com")
                .header("Access-Control-Request-Method", "PUT"));
        HttpResponse<String> tooLarge = rt.post("/users/upload", "application/json", "{\"x\": \"" + "y".repeat(5000)
                + "\"}");

        assertThat(json(routed).get("service").asText()).isEqualTo("users");
        assertThat(routed.headers().allValues("access-control-allow-origin")).containsExactly("https://app.example.com");
        assertThat(own.headers().allValues("access-control-allow-origin")).containsExactly("https://app.example.com");
        assertThat(preflight.statusCode()).isEqualTo(204); // users alone answers every OPTIONS with its echo
        assertThat(preflight.headers().firstValue("access-control-allow-methods"))
                .hasValue("GET,HEAD,PUT,PATCH,POST,DELETE");
        assertThat(tooLarge.statusCode()).isEqualTo(413); // the users service's own limit is 1 MiB
        assertThat(JSON.readTree(tooLarge.body()).get("code").asText()).isEqualTo("FST_ERR_CTP_BODY_TOO_LARGE");
        assertThat(json(rt.get("/status")).get("status").asText()).isEqualTo("ok");
    }

    @Test
    void aWebSocketOpensThroughAPrefix() throws Exception {
        LinkedBlockingQueue<String> received = new LinkedBlockingQueue<>();
        WebSocket socket = RtProcess.HTTP.newWebSocketBuilder().buildAsync(URI.create(rt.url().replace("http:", "ws:")
                + "/users/ws"), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        received.add(data.toString());
                        webSocket.request(1);
                        return null;
                    }
                }).get(20, TimeUnit.SECONDS);

        socket.sendText("through the gateway", true).get(10, TimeUnit.SECONDS);

        assertThat(received.poll(20, TimeUnit.SECONDS)).isEqualTo("echo: through the gateway");
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
    }

    @Test
    void theComposedDocumentIsValidOpenApiAndItsYamlSaysTheSame() throws Exception {
        String json = rt.get("/documentation/json").body();
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(json);

        assertThat(parsed.getMessages()).isEmpty();
        assertThat(parsed.getOpenAPI().getInfo().getTitle()).isEqualTo("Catalogue gateway");
        assertThat(parsed.getOpenAPI().getPaths()).containsKeys("/movies/movies", "/movies/movies/{id}", "/movies/greeting");
        assertThat(parsed.getOpenAPI().getPaths()).doesNotContainKey("/movies/crash");
        assertThat(parsed.getOpenAPI().getPaths().get("/movies/movies").getPost().getOperationId())
                .isEqualTo("movies_createMovie");
        assertThat(new YAMLMapper().readTree(rt.get("/documentation/yaml").body())).isEqualTo(JSON.readTree(json));
        HttpResponse<String> page = rt.get("/documentation");
        assertThat(page.statusCode()).isEqualTo(302);
        assertThat(page.headers().firstValue("location")).hasValue("documentation/");
    }

    @Test
    void swaggerUiShowsTheComposedOperationsInABrowser() throws Exception {
        String dom = Chromium.renderedDom(rt.url() + "/documentation/");

        assertThat(dom).contains("Catalogue gateway").contains("/movies/movies/{id}").contains("/movies/greeting");
    }
}
