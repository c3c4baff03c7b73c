package dev.rt.kind.cors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The cases of {@code server.cors} that {@link CorsRulesTest} leaves out, in memory as Netty's
 * {@code CorsHandlerTest} checks its handler: each form of {@code origin} and what it varies by, configured methods
 * and headers, a strict preflight without its {@code Origin}, preflights turned off, and the settings read as the
 * reference writes them.
 */
class CorsOriginsTest {
    private static final String ORIGIN = "https://shop.example.com";
    private static final Optional<String> NONE = Optional.empty();

    private static Optional<CorsAnswer> get(Map<String, Object> cors, Optional<String> origin) {
        return rules(cors).answer("GET", origin, NONE, NONE);
    }

    private static Optional<CorsAnswer> preflight(Map<String, Object> cors, Optional<String> requestHeaders) {
        return rules(cors).answer("OPTIONS", Optional.of(ORIGIN), Optional.of("POST"), requestHeaders);
    }

    private static CorsRules rules(Map<String, Object> cors) {
        return new CorsRules(CorsSettings.read(cors, "/server/cors"));
    }

    @Test
    void originTrueReflectsTheRequestsOriginAndVariesByIt() {
        CorsAnswer answer = get(Map.of("origin", true), Optional.of(ORIGIN)).orElseThrow();
        assertThat(answer.headers()).containsExactly(Map.entry("access-control-allow-origin", ORIGIN));
        assertThat(answer.vary()).containsExactly("Origin");
        assertThat(get(Map.of("origin", true), NONE)).as("no Origin, nothing to reflect").isEmpty();
    }

    @Test
    void aFixedOriginIsSentToEveryoneAndVariesByOrigin() {
        CorsAnswer answer = get(Map.of("origin", "https://app.example.com"), Optional.of(ORIGIN)).orElseThrow();
        assertThat(answer.headers()).containsExactly(Map.entry("access-control-allow-origin",
                "https://app.example.com"));
        assertThat(answer.vary()).containsExactly("Origin");
    }

    @Test
    void aListAllowsItsStringsExactlyAndItsRegexpsWhereverTheyMatch() {
        Map<String, Object> list = Map.of("origin", List.of("https://a.test", Map.of("regexp", "example\\.com$")));
        assertThat(get(list, Optional.of("https://a.test")).orElseThrow().headers())
                .containsExactly(Map.entry("access-control-allow-origin", "https://a.test"));
        assertThat(get(list, Optional.of(ORIGIN)).orElseThrow().headers())
                .containsExactly(Map.entry("access-control-allow-origin", ORIGIN));
        assertThat(get(list, Optional.of("https://a.test.evil"))).as("a string is not a prefix").isEmpty();
        assertThat(get(list, NONE)).isEmpty();
    }

    @Test
    void configuredMethodsAndHeadersAreSentAsTheyAreAndDoNotVary() {
        CorsAnswer answer = preflight(Map.of("origin", true, "methods", List.of("GET", "PUT"),
                "allowedHeaders", "authorization"), Optional.of("x-other")).orElseThrow();
        assertThat(answer.headers()).contains(Map.entry("access-control-allow-methods", "GET,PUT"),
                Map.entry("access-control-allow-headers", "authorization"));
        assertThat(answer.vary()).containsExactly("Origin");
    }

    @Test
    void aStrictPreflightWithoutItsOriginIsRefusedAndSaysWhoMayReadTheRefusal() {
        CorsAnswer refused = rules(Map.of()).answer("OPTIONS", NONE, Optional.of("POST"), NONE).orElseThrow();
        assertThat(refused.status()).isEqualTo(OptionalInt.of(400));
        assertThat(refused.headers()).containsExactly(Map.entry("access-control-allow-origin", "*"));
    }

    @Test
    void preflightOffLetsTheOptionsRequestReachTheRoutesWithTheOriginHeadersOnly() {
        CorsAnswer off = preflight(Map.of("preflight", false), Optional.of("content-type")).orElseThrow();
        assertThat(off.answers()).isFalse();
        assertThat(off.headers()).containsExactly(Map.entry("access-control-allow-origin", "*"));
        assertThat(off.vary()).isEmpty();
    }

    @Test
    void theSettingsReadTheirValuesAsTheReferenceWritesThem() {
        CorsSettings read = CorsSettings.read(Map.of("optionsSuccessStatus", 200, "maxAge", 0, "cacheControl",
                "no-store", "methods", "GET", "preflightContinue", "1"), "/server/cors");
        assertThat(read.optionsSuccessStatus()).isEqualTo(200);
        assertThat(read.maxAge()).contains(0L);
        assertThat(read.cacheControl()).contains("no-store");
        assertThat(read.methods()).isEqualTo("GET");
        assertThat(read.preflightContinue()).as("a placeholder's text").isTrue();
    }
}
