package dev.rt.kind.gateway;

import dev.rt.kind.gateway.settings.Configs;
import dev.rt.kind.gateway.settings.GatewaySettings;
import dev.rt.kind.gateway.settings.Section;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import dev.rt.kind.routing.Target;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MembershipTest {
    private static final Map<String, Map<String, Object>> SERVICES = new LinkedHashMap<>();

    static {
        SERVICES.put("movies", Configs.of("{\"service\": {}}"));
        SERVICES.put("shop", Configs.of("{\"application\": {\"basePath\": \"/store/\"}}"));
        SERVICES.put("next", Configs.of("{\"basePath\": \"front\", \"node\": {\"absoluteUrl\": true}}"));
        SERVICES.put("admin", Configs.of("{\"application\": {\"absoluteUrl\": true}}"));
    }

    private static List<Member> members(String applications) {
        return Membership.resolve(GatewaySettings.read(Configs.of("{\"gateway\": {\"applications\": " + applications
                + "}}"), Section.GATEWAY), "api", SERVICES);
    }

    @Test
    void withoutApplicationsEveryOtherServiceIsProxiedAtItsId() {
        List<Member> members = members("[]");

        assertThat(members).extracting(Member::id).containsExactly("movies", "shop", "next", "admin");
        assertThat(members).extracting(Member::prefix).containsExactly("/movies", "/shop", "/next", "/admin");
        assertThat(members.get(0).target()).isEqualTo(Target.service("movies"));
    }

    @Test
    void withoutApplicationsTheDocumentsOfServicesWithOpenApiOnAreComposedUnderTheirIds() {
        Map<String, Map<String, Object>> services = new LinkedHashMap<>();
        services.put("api", Configs.of("{\"service\": {\"openapi\": {\"info\": {\"title\": \"api\"}}}}"));
        services.put("quiet", Configs.of("{\"service\": {\"openapi\": false}}"));
        services.put("movies", Configs.of("{\"db\": {\"connectionString\": \"sqlite://./db.sqlite\"}}"));
        services.put("hidden", Configs.of("{\"db\": {\"openapi\": false}}"));
        services.put("clock", Configs.of("{\"java\": {\"build\": \"a.B\"}}"));
        List<Member> members = Membership.resolve(GatewaySettings.read(Configs.of("{\"gateway\": {}}"),
                Section.GATEWAY), "edge", services);

        assertThat(members).extracting(member -> member.settings().openapi().map(o -> o.url().orElseThrow() + " at "
                + o.prefix()).orElse("none")).containsExactly("/documentation/json at /api", "none",
                "/documentation/json at /movies", "none", "none");
        assertThat(members).allMatch(member -> member.settings().proxied());
    }

    @Test
    void thePrefixIsTheExplicitOneElseTheAdvertisedOneElseTheId() {
        List<Member> members = members("[{\"id\": \"movies\", \"proxy\": {\"prefix\": \"/films\"}}, {\"id\": \"shop\"},"
                + " {\"id\": \"next\"}, {\"id\": \"admin\"}]");

        assertThat(members).extracting(Member::prefix).containsExactly("/films", "/store", "/front", "/admin");
        assertThat(members).extracting(Member::upstreamPrefix).containsExactly("", "", "/front", "/admin");
    }

    @Test
    void anOriginOutsideTheRuntimeIsATargetOfItsOwn() {
        Member legacy = members("[{\"id\": \"legacy\", \"origin\": \"http://legacy.internal:8080\"}]").get(0);

        assertThat(legacy.target()).isEqualTo(new Target("legacy", Optional.of("http://legacy.internal:8080")));
        assertThat(legacy.prefix()).isEqualTo("/legacy");
    }

    @Test
    void anApplicationThatIsNoServiceOrTheGatewayItselfIsRefused() {
        assertThatThrownBy(() -> members("[{\"id\": \"billing\"}]")).isInstanceOfSatisfying(KindException.class, e -> {
            assertThat(e.pointer()).hasValue("/gateway/applications/0");
            assertThat(e.getMessage()).isEqualTo("the application \"billing\" is not a service of the runtime (its"
                    + " services: movies, shop, next, admin); add it to the runtime's services, or give it an http://"
                    + " origin outside");
        });
        assertThatThrownBy(() -> members("[{\"id\": \"x\", \"origin\": \"http://api.rt.local\"}]"))
                .hasMessage("a gateway cannot expose itself (\"api\"); remove it");
    }

    @Test
    void anAdvertisedPrefixClaimedTwiceIsRefusedNamingBoth() {
        assertThatThrownBy(() -> members("[{\"id\": \"shop\"}, {\"id\": \"movies\", \"proxy\": {\"prefix\": \"/store\"}}]"))
                .isInstanceOfSatisfying(KindException.class, e -> {
                    assertThat(e.pointer()).hasValue("/gateway/applications/1");
                    assertThat(e.getMessage()).isEqualTo("The prefix /store is claimed by both the \"shop\" and the"
                            + " \"movies\" applications. Set a different proxy.prefix (or proxy.hostname) on one of them"
                            + " to resolve the conflict.");
                });
    }

    @Test
    void anApplicationComposedFromItsDocumentIsNotProxiedUnlessItSaysSo() {
        List<Member> members = members("[{\"id\": \"movies\", \"openapi\": {\"url\": \"/documentation/json\"}},"
                + " {\"id\": \"shop\", \"openapi\": {\"url\": \"/documentation/json\"}, \"proxy\": {}},"
                + " {\"id\": \"admin\", \"proxy\": false}]");

        assertThat(members).extracting(member -> member.settings().proxied()).containsExactly(false, true, false);
    }
}
