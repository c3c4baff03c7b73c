package dev.rt.supervisor.proxy.route;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LocationRewriteTest {
    @Test
    void aPathGetsThePublicPrefix() {
        LocationRewrite rewrite = new LocationRewrite("/users", "");

        assertThat(rewrite.rewrite("/landing?x=1", "h")).isEqualTo("/users/landing?x=1");
        assertThat(rewrite.rewrite("/", "h")).isEqualTo("/users/");
    }

    @Test
    void theUpstreamPrefixIsReplacedAndPathsOutsideItAreLeftAlone() {
        LocationRewrite rewrite = new LocationRewrite("/shop", "/app");

        assertThat(rewrite.rewrite("/app/cart", "h")).isEqualTo("/shop/cart");
        assertThat(rewrite.rewrite("/app", "h")).isEqualTo("/shop");
        assertThat(rewrite.rewrite("/application", "h")).isEqualTo("/application");
        assertThat(rewrite.rewrite("/elsewhere", "h")).isEqualTo("/elsewhere");
    }

    @Test
    void anAbsoluteUrlOnTheUpstreamHostBecomesThePublicPathAndOtherHostsStay() {
        LocationRewrite rewrite = new LocationRewrite("/legacy", "");

        assertThat(rewrite.rewrite("http://legacy.internal:8080/login?next=%2F", "legacy.internal:8080"))
                .isEqualTo("/legacy/login?next=%2F");
        assertThat(rewrite.rewrite("http://LEGACY.internal:8080", "legacy.internal:8080")).isEqualTo("/legacy/");
        assertThat(rewrite.rewrite("https://idp.example.com/authorize", "legacy.internal:8080"))
                .isEqualTo("https://idp.example.com/authorize");
    }

    @Test
    void relativeReferencesAndNetworkPathsAreRightAsTheyAre() {
        LocationRewrite rewrite = new LocationRewrite("/users", "");

        assertThat(rewrite.rewrite("landing", "h")).isEqualTo("landing");
        assertThat(rewrite.rewrite("//cdn.example.com/x", "h")).isEqualTo("//cdn.example.com/x");
    }
}
