package dev.rt.kind.service.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.KindException;
import dev.rt.kind.service.ServiceKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The service kind's {@code authorization} section: in its schema, checked before a worker starts. */
class AuthenticationSettingsTest {
    @Test
    void theKindsSchemaHasTheSectionWithTheAuthDefinitions() throws Exception {
        JsonNode schema = new ObjectMapper().readTree(new ServiceKind().configSchema());

        assertThat(schema.at("/properties/authorization/$ref").asText()).isEqualTo("#/$defs/authorization");
        assertThat(schema.at("/$defs/authJwt/properties/jwks").isMissingNode()).isFalse();
        assertThat(schema.at("/properties/server").isMissingNode()).isFalse();
    }

    @Test
    void aSettingRtCannotHonourIsRefusedNamingItsPointer() {
        KindException refused = catchThrowableOfType(() -> Authentication.check(Map.of("authorization",
                Map.of("jwt", Map.of("secret", "too short")))), KindException.class);

        assertThat(refused.pointer()).contains("/authorization/jwt/secret");
        assertThat(refused.getMessage()).contains("32 bytes");
    }

    @Test
    void jwksTrustingAnyIssuerIsRefused() {
        KindException refused = catchThrowableOfType(() -> Authentication.check(Map.of("authorization",
                Map.of("jwt", Map.of("jwks", true)))), KindException.class);

        assertThat(refused.pointer()).contains("/authorization/jwt/jwks");
    }

    @Test
    void aServiceWithoutTheSectionHasNoAuthentication() {
        assertThat(Authentication.of(Map.of("server", Map.of("port", 0)))).isEmpty();
        Map<String, Object> jwks = Map.of("allowedDomains", List.of("https://id.example.com/realms/x"));
        assertThat(Authentication.of(Map.of("authorization", Map.of("adminSecret", "s3cret",
                "jwt", Map.of("jwks", jwks))))).isPresent();
    }
}
