package dev.rt.auth.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** auth.json against the reference's way of writing the section, and against what AuthSettings reads. */
class AuthSchemaTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static List<String> violations(String section) throws Exception {
        ObjectNode document = (ObjectNode) MAPPER.readTree(AuthSchema.text());
        document.put("$ref", "#/$defs/authorization");
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(document);
        List<String> messages = new ArrayList<>();
        schema.validate(MAPPER.readTree(section)).forEach(error -> messages.add(error.toString()));
        return messages;
    }

    @Test
    void theReferencesShapesAreValid() throws Exception {
        assertThat(violations("""
                {"adminSecret": "s", "roleKey": "X-RT-ROLE", "anonymousRole": "guest",
                 "jwt": {"jwks": {"allowedDomains": ["https://id.example.com/realms/rt"], "providerDiscovery": true},
                         "namespace": "https://rt.dev/",
                         "verify": {"allowedAud": "api", "algorithms": ["RS256"], "clockTolerance": 1000}},
                 "webhook": {"url": "http://auth.rt.local/who"}}""")).isEmpty();
        assertThat(violations("{\"rolePath\": \"realm_access.roles\", \"jwt\": {\"secret\": \"x\"}}")).isEmpty();
    }

    @Test
    void unknownKeysAndAlgorithmsAreViolations() throws Exception {
        assertThat(violations("{\"jwt\": {\"secret\": \"x\", \"sign\": {}}}")).hasSize(1);
        assertThat(violations("{\"jwt\": {\"secret\": \"x\", \"verify\": {\"algorithms\": [\"none\"]}}}")).hasSize(1);
        assertThat(violations("{\"webhook\": {}}")).hasSize(1);
        assertThat(violations("{\"jwt\": {\"jwks\": {\"allowedDomains\": [\"https://a/\"], \"max\": 5}}}"))
                .isNotEmpty();
    }

    @Test
    void everySettingTheSchemaDeclaresIsRead() throws Exception {
        JsonNode defs = MAPPER.readTree(AuthSchema.text()).path("$defs");
        List<String> names = new ArrayList<>();
        defs.path("authorization").path("properties").fieldNames().forEachRemaining(names::add);
        defs.path("authJwt").path("properties").fieldNames().forEachRemaining(name -> names.add("jwt." + name));

        assertThat(names).containsExactlyInAnyOrder("adminSecret", "roleKey", "rolePath", "anonymousRole", "jwt",
                "webhook", "jwt.secret", "jwt.jwks", "jwt.namespace", "jwt.verify");
        AuthSettings settings = AuthSettings.from(Map.of("rolePath", "a.b", "jwt", Map.of("secret",
                "0123456789abcdef0123456789abcdef", "verify", Map.of("allowedIss", List.of("https://i/")))));
        assertThat(settings.rolePath()).contains("a.b");
        assertThat(settings.jwt().orElseThrow().issuers()).containsExactly("https://i/");
    }
}
