package dev.rt.kind.cors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The reference CORS plugin's decisions, as every server of rt applies them. */
class CorsRulesTest {
    private static final Optional<String> NONE = Optional.empty();

    private static CorsRules rules(Map<String, Object> cors) {
        return new CorsRules(CorsSettings.read(cors, "/server/cors"));
    }

    @Test
    void byDefaultEveryOriginIsAllowedWithAStarThatVariesByNothing() {
        CorsAnswer answer = rules(Map.of()).answer("GET", NONE, NONE, NONE).orElseThrow();

        assertThat(answer.headers()).containsExactly(Map.entry("access-control-allow-origin", "*"));
        assertThat(answer.vary()).isEmpty();
        assertThat(answer.answers()).isFalse();
    }

    @Test
    void aPreflightFromAMatchingOriginIsAnsweredWithWhatItMayDo() {
        CorsAnswer answer = rules(Map.of("origin", List.of("https://a.test", Map.of("regexp", "\\.example\\.com$")),
                "credentials", "true", "maxAge", 600, "exposedHeaders", List.of("x-total", "x-page"),
                "cacheControl", 300)).answer("OPTIONS", Optional.of("https://shop.example.com"), Optional.of("PUT"),
                Optional.of("content-type")).orElseThrow();

        assertThat(answer.headers()).containsExactly(
                Map.entry("access-control-allow-origin", "https://shop.example.com"),
                Map.entry("access-control-allow-credentials", "true"),
                Map.entry("access-control-expose-headers", "x-total,x-page"),
                Map.entry("access-control-allow-methods", "GET,HEAD,PUT,PATCH,POST,DELETE"),
                Map.entry("access-control-allow-headers", "content-type"),
                Map.entry("access-control-max-age", "600"),
                Map.entry("cache-control", "max-age=300"));
        assertThat(answer.vary()).containsExactly("Origin", "Access-Control-Request-Headers");
        assertThat(answer.status()).isEqualTo(OptionalInt.of(204));
        assertThat(answer.body()).isEmpty();
    }

    @Test
    void anOriginThatIsNotAllowedGetsNothingAtAll() {
        assertThat(rules(Map.of("origin", "https://a.test"))
                .answer("OPTIONS", Optional.of("https://b.test"), Optional.of("PUT"), NONE)).isPresent();
        assertThat(rules(Map.of("origin", List.of("https://a.test")))
                .answer("OPTIONS", Optional.of("https://b.test"), Optional.of("PUT"), NONE)).isEmpty();
        assertThat(rules(Map.of("origin", false)).answer("GET", Optional.of("https://a.test"), NONE, NONE)).isEmpty();
    }

    @Test
    void aStrictPreflightWithoutItsRequestMethodIsRefusedAndALaxOneOrAContinuedOneGoesOn() {
        CorsAnswer strict = rules(Map.of("origin", true)).answer("OPTIONS", Optional.of("https://a.test"), NONE, NONE)
                .orElseThrow();
        CorsAnswer lax = rules(Map.of("origin", true, "strictPreflight", false, "optionsSuccessStatus", 200))
                .answer("OPTIONS", Optional.of("https://a.test"), NONE, NONE).orElseThrow();
        CorsAnswer continued = rules(Map.of("origin", true, "preflightContinue", true))
                .answer("OPTIONS", Optional.of("https://a.test"), Optional.of("PUT"), NONE).orElseThrow();

        assertThat(strict.status()).isEqualTo(OptionalInt.of(400));
        assertThat(strict.body()).hasValue("Invalid Preflight Request");
        assertThat(lax.status()).isEqualTo(OptionalInt.of(200));
        assertThat(continued.answers()).isFalse();
        assertThat(continued.headers()).contains(Map.entry("access-control-allow-methods",
                "GET,HEAD,PUT,PATCH,POST,DELETE"));
    }

    @Test
    void varyGainsANameOnceAndAStarStays() {
        assertThat(CorsRules.vary(NONE, "Origin")).isEqualTo("Origin");
        assertThat(CorsRules.vary(Optional.of("Accept-Encoding"), "Origin")).isEqualTo("Accept-Encoding, Origin");
        assertThat(CorsRules.vary(Optional.of("accept-encoding, origin"), "Origin")).isEqualTo("accept-encoding, origin");
        assertThat(CorsRules.vary(Optional.of("*"), "Origin")).isEqualTo("*");
    }

    @Test
    void anOriginPatternThatDoesNotCompileNamesItsPointer() {
        assertThatThrownBy(() -> CorsSettings.read(Map.of("origin", List.of("https://a.test", Map.of("regexp", "("))),
                "/server/cors")).isInstanceOfSatisfying(CorsSettings.InvalidPattern.class, e -> {
                    assertThat(e.pointer()).isEqualTo("/server/cors/origin/1/regexp");
                    assertThat(e.getMessage()).startsWith("\"(\" is not a regular expression (");
                });
    }
}
