package dev.rt.kind.gateway.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Gateways that cannot route what they are given (testdata/services/gateway-broken): clear errors at start, with
 * exit status 3, or a document left out with the reference's words, never a restart loop.
 */
class BrokenGatewaysIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Path BROKEN = RtProcess.SERVICES.resolve("gateway-broken");

    private static String refusal(String fixture) throws Exception {
        try (RtProcess rt = RtProcess.startService("gateway-broken/" + fixture)) {
            assertThat(rt.awaitExit(LIMIT)).as(rt.output()).isEqualTo(3);
            assertThat(rt.workerPids()).isEmpty();
            return rt.stderr();
        }
    }

    @Test
    void twoDocumentsExposingOnePathStopTheStartNamingBoth() throws Exception {
        assertThat(refusal("path-conflict")).isEqualTo("rt: " + BROKEN.resolve("path-conflict/edge/rt.json")
                + ": /gateway/applications: Path \"/catalogue/items\" is exposed by both the \"films\" and the \"movies\""
                + " applications. Set a different openapi.prefix on one of them to resolve the conflict.");
    }

    @Test
    void twoApplicationsAtOnePrefixAreAConfigurationError() throws Exception {
        assertThat(refusal("prefix-conflict")).isEqualTo("rt: " + BROKEN.resolve("prefix-conflict/edge/rt.json")
                + ": /gateway/applications/1/proxy: The prefix /catalogue is claimed by both the \"films\" and the"
                + " \"movies\" applications. Set a different proxy.prefix (or proxy.hostname) on one of them to resolve"
                + " the conflict.");
    }

    @Test
    void aPrefixThatIsNotAPathIsAConfigurationError() throws Exception {
        assertThat(refusal("not-a-path")).isEqualTo("rt: " + BROKEN.resolve("not-a-path/edge/rt.json")
                + ": /gateway/applications/0/proxy/prefix: must be a path such as /movies, found \"/films?all=1\"");
    }

    @Test
    void anErrorHandlerOnAGatewayWithoutPluginsIsRefusedNamingTheSetting() throws Exception {
        assertThat(refusal("error-handler")).isEqualTo("rt: " + BROKEN.resolve("error-handler/edge/rt.json")
                + ": /server/errorHandler: a gateway without plugins runs no code of its own, so no error handler: the"
                + " errors its public server answers (404, 408, 413, 502, 503, 504) have rt's JSON body; remove it, or"
                + " give the gateway plugins (its workers then answer what no application takes, through the handler)");
    }

    @Test
    void aDocumentThatIsNotValidOpenApiIsLeftOutAndTheOthersAreServed() throws Exception {
        try (RtProcess rt = RtProcess.startService("gateway-broken/invalid-document").listening(LIMIT)) {
            assertThat(rt.awaitStdout("Failed to compose OpenAPI schemas", LIMIT)).contains("Failed to compose OpenAPI"
                    + " schemas: the schema of the \\\"broken\\\""
                    + " application (" + BROKEN.resolve("invalid-document/edge/broken.json") + ") is not a valid OpenAPI"
                    + " document: /paths/~1things/get/responses/200/content/application~1json/schema/type: \\\"null\\\""
                    + " is not an OpenAPI 3.0 schema type (3.0 writes \\\"nullable\\\": true)");
            String composed = rt.get("/documentation/json").body();
            assertThat(composed).contains("\"/films/items\"").doesNotContain("/broken/things");
        }
    }
}
