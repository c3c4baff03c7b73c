package dev.rt.supervisor.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.MetricsConfig;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BasicAuthTest {
    private final BasicAuth auth = new BasicAuth(Optional.of(new MetricsConfig.Auth("prom", "pä:ss")));

    private static Optional<String> basic(String credentials) {
        return Optional.of("Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void acceptsExactlyTheConfiguredCredentials() {
        assertThat(auth.accepts(basic("prom:pä:ss"))).isTrue();
        assertThat(auth.accepts(Optional.of("basic " + basic("prom:pä:ss").orElseThrow().substring(6)))).isTrue();
    }

    @Test
    void refusesMissingWrongTruncatedOrMalformedCredentials() {
        assertThat(auth.accepts(Optional.empty())).isFalse();
        assertThat(auth.accepts(basic("prom:pä:s"))).isFalse();
        assertThat(auth.accepts(basic("prom:pä:ss "))).isFalse();
        assertThat(auth.accepts(basic("Prom:pä:ss"))).isFalse();
        assertThat(auth.accepts(basic(""))).isFalse();
        assertThat(auth.accepts(Optional.of("Basic %%%"))).isFalse();
        assertThat(auth.accepts(Optional.of("Bearer " + basic("prom:pä:ss").orElseThrow().substring(6)))).isFalse();
    }

    @Test
    void withoutConfiguredCredentialsEveryRequestPasses() {
        assertThat(new BasicAuth(Optional.empty()).accepts(Optional.empty())).isTrue();
    }
}
