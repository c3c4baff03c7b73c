package dev.rt.kind.gateway.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GatewaySettingsTest {
    private static GatewaySettings gateway(String applications) {
        return GatewaySettings.read(Configs.of("{\"gateway\": {\"applications\": " + applications + "}}"), Section.GATEWAY);
    }

    private static void refused(String applications, String pointer, String message) {
        assertThatThrownBy(() -> gateway(applications)).isInstanceOfSatisfying(KindException.class, e -> {
            assertThat(e.pointer()).hasValue(pointer);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }

    @Test
    void prefixesAreNormalizedAndOriginsKeptAsSchemeHostAndPort() {
        GatewaySettings settings = gateway("[{\"id\": \"users\", \"proxy\": {\"prefix\": \"users//\"}},"
                + " {\"id\": \"legacy\", \"origin\": \"HTTP://Legacy.Internal:8080/\"},"
                + " {\"id\": \"movies\", \"openapi\": {\"url\": \"/documentation/json\", \"prefix\": \"movies/\"}}]");

        assertThat(settings.applications().get(0).proxy().prefix()).hasValue("/users");
        assertThat(settings.applications().get(1).origin()).hasValue("http://legacy.internal:8080");
        assertThat(settings.applications().get(1).meshService()).isEmpty();
        assertThat(settings.applications().get(2).openapi().orElseThrow().prefix()).isEqualTo("/movies");
        assertThat(settings.applications().get(2).proxied()).isFalse();
        assertThat(settings.applications().get(0).meshService()).hasValue("users");
        assertThat(settings.refreshTimeout()).isEqualTo(1000);
        assertThat(settings.openapi()).isEqualTo(new ComposedSettings("rt gateway", Optional.empty(), "1.0.0",
                "/documentation", true));
        assertThat(settings.hasPlugins()).isFalse();
    }

    @Test
    void theComposerListsItsApplicationsAsServicesWithTheSameMeaning() {
        GatewaySettings settings = GatewaySettings.read(Configs.of("{\"composer\": {\"services\": [{\"id\": \"a\","
                + " \"origin\": \"http://a.rt.local\"}], \"refreshTimeout\": 0}, \"plugins\": {\"paths\": [\"p\"]}}"),
                Section.COMPOSER);

        assertThat(settings.applications()).extracting(ApplicationSettings::id).containsExactly("a");
        assertThat(settings.applications().get(0).meshService()).hasValue("a");
        assertThat(settings.refreshTimeout()).isZero();
        assertThat(settings.hasPlugins()).isTrue();
    }

    @Test
    void aPrefixThatIsNotAPathIsRefused() {
        refused("[{\"id\": \"a\", \"proxy\": {\"prefix\": \"/a?b\"}}]", "/gateway/applications/0/proxy/prefix",
                "must be a path such as /movies, found \"/a?b\"");
        refused("[{\"id\": \"a\", \"proxy\": {\"prefix\": \"http://x/a\"}}]", "/gateway/applications/0/proxy/prefix",
                "must be a path such as /movies, found \"http://x/a\"");
        refused("[{\"id\": \"a\", \"openapi\": {\"file\": \"a.json\", \"prefix\": \"/a/../b\"}}]",
                "/gateway/applications/0/openapi/prefix", "must be a path without . or .. segments, found \"/a/../b\"");
    }

    @Test
    void originsMustBePlainHttpHostsAndPorts() {
        refused("[{\"id\": \"a\", \"origin\": \"https://a.example.com\"}]", "/gateway/applications/0/origin",
                "https origins are not available: rt's public server speaks plain HTTP to what it proxies; give an"
                        + " http:// origin (a TLS-terminating proxy beside it, say), found \"https://a.example.com\"");
        refused("[{\"id\": \"a\", \"origin\": \"http://a.example.com/api\"}]", "/gateway/applications/0/origin",
                "must be http://host[:port] with no path, found \"http://a.example.com/api\"");
    }

    @Test
    void twoApplicationsAtOnePrefixOrHostAreRefusedNamingBoth() {
        refused("[{\"id\": \"a\", \"proxy\": {\"prefix\": \"/x\"}}, {\"id\": \"b\", \"proxy\": {\"prefix\": \"x/\"}}]",
                "/gateway/applications/1/proxy", "The prefix /x is claimed by both the \"a\" and the \"b\" applications."
                        + " Set a different proxy.prefix (or proxy.hostname) on one of them to resolve the conflict.");
        refused("[{\"id\": \"a\", \"proxy\": {\"hostname\": \"Shop.test\"}}, {\"id\": \"b\", \"proxy\": {\"hostname\":"
                + " \"shop.test\"}}]", "/gateway/applications/1/proxy", "The host shop.test is claimed by both the \"a\""
                + " and the \"b\" applications. Set a different proxy.prefix (or proxy.hostname) on one of them to"
                + " resolve the conflict.");
        refused("[{\"id\": \"a\", \"proxy\": {\"prefix\": \"/\"}}, {\"id\": \"b\", \"proxy\": {\"prefix\": \"\"}}]",
                "/gateway/applications/1/proxy", "The root prefix / is claimed by both the \"a\" and the \"b\""
                        + " applications. Set a different proxy.prefix (or proxy.hostname) on one of them to resolve"
                        + " the conflict.");
    }

    @Test
    void anApplicationListedTwiceEntitiesAcrossApplicationsOrAGraphQlHostAreRefused() {
        refused("[{\"id\": \"a\"}, {\"id\": \"a\", \"proxy\": false}]", "/gateway/applications/1/id",
                "the application \"a\" is listed twice, also at /gateway/applications/0");
        refused("[{\"id\": \"a\", \"graphql\": {\"entities\": {}}}]", "/gateway/applications/0/graphql/entities",
                "resolving entities across applications is not available in this version of rt: each root field is"
                        + " answered by the application that has it, with the fields that application has; remove it");
        refused("[{\"id\": \"a\", \"graphql\": {\"host\": \"http://elsewhere:4000\"}}]",
                "/gateway/applications/0/graphql/host", "the GraphQL requests of an application go to its origin:"
                        + " set origin on the application instead");
        refused("[{\"id\": \"a\", \"graphql\": {\"graphqlEndpoint\": \"graphql\"}}]",
                "/gateway/applications/0/graphql/graphqlEndpoint", "must be a path such as /graphql, found \"graphql\"");
    }

    @Test
    void anApplicationWithGraphQlIsComposedRatherThanProxiedUnlessItAsksForBoth() {
        GatewaySettings settings = gateway("[{\"id\": \"a\", \"graphql\": true}, {\"id\": \"b\", \"graphql\":"
                + " {\"graphqlEndpoint\": \"/gql\"}, \"proxy\": {\"prefix\": \"/b\"}}, {\"id\": \"c\", \"graphql\": false}]");

        assertThat(settings.composesGraphQl()).isTrue();
        assertThat(settings.applications().get(0).graphql()).hasValue(new GraphQlSource("/graphql"));
        assertThat(settings.applications().get(0).proxied()).isFalse();
        assertThat(settings.applications().get(1).graphql()).hasValue(new GraphQlSource("/gql"));
        assertThat(settings.applications().get(1).proxied()).isTrue();
        assertThat(settings.applications().get(2).graphql()).isEmpty();
        assertThat(settings.applications().get(2).proxied()).isTrue();
    }

    @Test
    void routesAreCheckedAndTheirDefaultTakesEverything() {
        assertThat(gateway("[{\"id\": \"a\"}]").applications().get(0).proxy().routes()).isEqualTo(List.of("/", "/*"));
        refused("[{\"id\": \"a\", \"proxy\": {\"routes\": [\"/x*\"]}}]", "/gateway/applications/0/proxy/routes/0",
                "must be a path under the prefix such as /movies, /movies/:id or /movies/* (everything below), found \"/x*\"");
        refused("[{\"id\": \"a\", \"proxy\": {\"hostname\": \"a.test\", \"routes\": [\"/x\"]}}]",
                "/gateway/applications/0/proxy/routes", "a proxy with a hostname takes every path of that host; remove"
                        + " routes, or the hostname");
    }
}
