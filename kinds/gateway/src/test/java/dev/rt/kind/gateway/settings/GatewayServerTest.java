package dev.rt.kind.gateway.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import dev.rt.kind.routing.ServerPolicy;
import java.net.InetAddress;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A gateway's own server settings: what its public server applies, and what it refuses without workers. */
class GatewayServerTest {
    private static GatewayServer server(String server, boolean workers) {
        return GatewayServer.read(Configs.of("{\"server\": " + server + "}"), workers);
    }

    private static void refused(String server, String pointer, String message) {
        assertThatThrownBy(() -> server(server, false)).isInstanceOfSatisfying(KindException.class, e -> {
            assertThat(e.pointer()).hasValue(pointer);
            assertThat(e.getMessage()).startsWith(message);
        });
    }

    @Test
    void theSettingsThatShapeAnExchangeBecomeThePublicServersPolicy() throws Exception {
        GatewayServer server = server("{\"cors\": {\"origin\": [{\"regexp\": \"^https://a\\\\.test$\"}]},"
                + " \"bodyLimit\": 2048, \"requestTimeout\": 3000, \"connectionTimeout\": 4000,"
                + " \"keepAliveTimeout\": 5000, \"maxRequestsPerSocket\": 6, \"forceCloseConnections\": true,"
                + " \"trustProxy\": \"10.0.0.0/8, loopback\", \"healthCheck\": {\"interval\": 1000}}", false);

        ServerPolicy policy = server.policy();
        assertThat(policy.cors()).isPresent();
        assertThat(policy.bodyLimit()).isEqualTo(OptionalLong.of(2048));
        assertThat(policy.requestTimeout()).isEqualTo(3000);
        assertThat(policy.connectionTimeout()).isEqualTo(4000);
        assertThat(policy.keepAliveTimeout()).isEqualTo(OptionalLong.of(5000));
        assertThat(policy.maxRequestsPerSocket()).isEqualTo(6);
        assertThat(policy.forceCloseConnections()).isTrue();
        assertThat(policy.trustProxy().trusts(InetAddress.getByName("10.1.2.3"), 0)).isTrue();
        assertThat(policy.trustProxy().trusts(InetAddress.getByName("::1"), 0)).isTrue();
        assertThat(policy.trustProxy().trusts(InetAddress.getByName("192.0.2.1"), 0)).isFalse();
        assertThat(server.healthCheck()).isTrue();
    }

    @Test
    void withoutServerSettingsThePublicServerIsLeftAsItIs() {
        GatewayServer server = server("{\"jsonShorthand\": true, \"requestIdLogLabel\": \"reqId\","
                + " \"trustProxy\": false, \"disableRequestLogging\": true, \"requestIdHeader\": false}", false);

        assertThat(server.policy()).isEqualTo(ServerPolicy.NONE);
        assertThat(server.healthCheck()).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"true | true", "1 | true", "0 | false", "false | false",
        "'\"192.0.2.0/24, loopback\"' | true", "'[\"10.0.0.0/8\"]' | false"})
    void trustProxyIsReadAsTheReferenceReadsItForTheClientConnectedToThePublicServer(String value, boolean trusted)
            throws Exception {
        assertThat(server("{\"trustProxy\": " + value + "}", false).policy().trustProxy()
                .trusts(InetAddress.getByName("192.0.2.7"), 0)).isEqualTo(trusted);
    }

    @Test
    void aTrustedProxyThatIsNoAddressIsRefusedWithoutLookingItUp() {
        refused("{\"trustProxy\": \"proxy.example.com\"}", "/server/trustProxy",
                "\"proxy.example.com\" is not an IP address, a range (10.0.0.0/8 or 10.0.0.0/255.0.0.0) or one of"
                        + " loopback, linklocal, uniquelocal");
        refused("{\"trustProxy\": [\"10.0.0.0/8\", \"10.0.0.0/33\"]}", "/server/trustProxy/1",
                "\"10.0.0.0/33\" is not an IP address");
    }

    @Test
    void aCorsOriginPatternThatDoesNotCompileIsRefusedNamingIt() {
        refused("{\"cors\": {\"origin\": [\"https://a.test\", {\"regexp\": \"(\"}]}}", "/server/cors/origin/1/regexp",
                "\"(\" is not a regular expression");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"errorHandler\": \"handler.jar\"} | /server/errorHandler | a gateway without plugins runs no code of its own",
        "{\"pluginTimeout\": 100} | /server/pluginTimeout | the gateway has no plugins to wait for",
        "{\"ajv\": {\"customOptions\": {\"coerceTypes\": true}}} | /server/ajv | a gateway without plugins validates",
        "{\"maxParamLength\": 50} | /server/maxParamLength | a gateway without plugins has no routes of its own",
        "{\"caseSensitive\": false} | /server/caseSensitive | a gateway matches its prefixes",
        "{\"ignoreTrailingSlash\": true} | /server/ignoreTrailingSlash | a gateway routes /x/ as /x",
        "{\"exposeHeadRoutes\": false} | /server/exposeHeadRoutes | a gateway passes HEAD requests on",
        "{\"serializerOpts\": {}} | /server/serializerOpts | rt writes JSON with Jackson",
        "{\"jsonShorthand\": false} | /server/jsonShorthand | route schemas are always plain JSON Schemas",
        "{\"logger\": {\"level\": \"warn\", \"transport\": {}}} | /server/logger/transport | a service's entries go",
        "{\"disableRequestLogging\": false} | /server/disableRequestLogging | a gateway without plugins writes no request",
        "{\"requestIdHeader\": \"x-request-id\"} | /server/requestIdHeader | a gateway without plugins writes no request",
        "{\"requestIdLogLabel\": \"requestId\"} | /server/requestIdLogLabel | a gateway without plugins writes no"})
    void whatOnlyAServerOfItsOwnWouldHonourIsRefusedWithoutWorkers(String server, String pointer, String message) {
        refused(server, pointer, message);
    }

    @Test
    void withWorkersThoseSettingsAreTheWorkersAndTheExchangeOnesStillThePublicServers() {
        GatewayServer server = server("{\"errorHandler\": \"handler.jar\", \"maxParamLength\": 50,"
                + " \"caseSensitive\": false, \"bodyLimit\": 100}", true);

        assertThat(server.errorHandler()).isTrue();
        assertThat(server.policy().bodyLimit()).isEqualTo(OptionalLong.of(100));
    }
}
