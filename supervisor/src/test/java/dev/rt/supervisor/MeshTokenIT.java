package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The identity-provider token interceptor with real workers: the token endpoint is the testdata service
 * {@code idp}; the protected origins are a service of the runtime and an HTTP server outside it.
 */
class MeshTokenIT {
    @TempDir
    Path dir;

    @Test
    void callsToTheOriginsCarryTheBearerTokenFromTheIdentityProvider() throws Exception {
        HttpServer outside = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        outside.createContext("/", exchange -> {
            byte[] body = ("outside saw " + exchange.getRequestHeaders().getFirst("Authorization"))
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        outside.start();
        String origin = "http://127.0.0.1:" + outside.getAddress().getPort();
        String undici = "\"undici\": {\"keepAliveTimeout\": 2000, \"interceptors\": [{\"module\":"
                + " \"@platformatic/undici-oidc-interceptor\", \"options\": {\"clientId\": \"rt\", \"clientSecret\": \"s3cret\","
                + " \"idpTokenUrl\": \"{RT_IDP_URL}/token\", \"origins\": [\"{RT_SECURE_URL}\", \"" + origin + "\"]}}]}, ";
        try (var rt = RuntimeUnderTest.configure(dir, runtimeWith(undici, "api", service("api", "probe"),
                service("secure", "idp"), service("idp", "idp"))).start()) {
            assertThat(rt.get("/call?url=http://secure.rt.local/data").body()).isEqualTo("200 authorization: Bearer token-1");
            assertThat(rt.get("/call?url=" + origin + "/data").body()).isEqualTo("200 outside saw Bearer token-1");
            assertThat(rt.get("/call?url=http://idp.rt.local/data").body()).isEqualTo("200 authorization: null");
            assertThat(rt.get("/call?url=http://idp.rt.local/issued").body()).isEqualTo("200 1");
        } finally {
            outside.stop(0);
        }
    }
}
