package dev.rt.auth.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The test realm {@value #NAME}, made through Keycloak's admin REST API: the realm roles {@code editor},
 * {@code reader} and {@code robot}; the users {@code alice} (editor, reader) and {@code bob} (reader), each with the
 * password {@code <name>-password}; the confidential clients {@code rt-app} (RS256, its service account a robot),
 * {@code rt-es} (ES256 tokens) and {@code rt-short} (tokens that live one second), each with the secret
 * {@code <client>-secret} and tokens whose audience is {@code rt-app}. Roles are in the claim
 * {@code realm_access.roles}.
 */
public final class Realm {
    public static final String NAME = "rt";
    public static final String AUDIENCE = "rt-app";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Web web;
    private int rotations;

    private Realm(Web web) {
        this.web = web;
    }

    static Realm create(String base) throws IOException, InterruptedException {
        Web web = new Web(base);
        web.admin("POST", "/admin/realms", Map.of("id", NAME, "realm", NAME, "enabled", true,
                "roles", Map.of("realm", List.of(Map.of("name", "editor"), Map.of("name", "reader"),
                        Map.of("name", "robot"))),
                "clients", List.of(client("rt-app", Map.of()),
                        client("rt-es", Map.of("access.token.signed.response.alg", "ES256")),
                        client("rt-short", Map.of("access.token.lifespan", "1"))),
                "users", List.of(user("alice", List.of("editor", "reader")), user("bob", List.of("reader")),
                        Map.of("username", "service-account-rt-app", "enabled", true,
                                "serviceAccountClientId", "rt-app", "realmRoles", List.of("robot")))));
        Realm realm = new Realm(web);
        realm.addKey("ecdsa-generated", Map.of("ecdsaEllipticCurveKey", List.of("P-256"),
                "priority", List.of("100")));
        return realm;
    }

    /** The issuer of the realm's tokens ({@code iss}), the value for {@code jwks.allowedDomains}. */
    public String issuer() {
        return web.base() + "/realms/" + NAME;
    }

    /** An access token for a user, by the password grant of {@code rt-app}. */
    public String passwordToken(String user) throws IOException, InterruptedException {
        return token(Map.of("grant_type", "password", "client_id", "rt-app", "client_secret", "rt-app-secret",
                "username", user, "password", user + "-password", "scope", "openid"));
    }

    /** An access token for a client's service account, by the client credentials grant. */
    public String clientToken(String client) throws IOException, InterruptedException {
        return token(Map.of("grant_type", "client_credentials", "client_id", client,
                "client_secret", client + "-secret"));
    }

    /**
     * Rotates the realm's RS256 key: a new key with a higher priority signs the tokens from now on, the old one
     * still verifies those it signed. Returns the new key's id ({@code kid}).
     */
    public synchronized String rotateKey() throws IOException, InterruptedException {
        rotations++;
        addKey("rsa-generated", Map.of("priority", List.of(String.valueOf(1000 + rotations)),
                "keySize", List.of("2048")));
        return activeKey("RS256");
    }

    /** The id of the key that signs the realm's tokens with an algorithm now. */
    public String activeKey(String algorithm) throws IOException, InterruptedException {
        return web.admin("GET", "/admin/realms/" + NAME + "/keys", null).path("active").path(algorithm).asText();
    }

    private void addKey(String provider, Map<String, List<String>> config)
            throws IOException, InterruptedException {
        web.admin("POST", "/admin/realms/" + NAME + "/components", Map.of("name", provider + "-" + rotations,
                "providerId", provider, "providerType", "org.keycloak.keys.KeyProvider", "parentId", NAME,
                "config", config));
    }

    private String token(Map<String, String> form) throws IOException, InterruptedException {
        JsonNode answer = web.form("/realms/" + NAME + "/protocol/openid-connect/token", form);
        return answer.path("access_token").asText();
    }

    private static Map<String, Object> client(String id, Map<String, String> attributes) {
        return Map.of("clientId", id, "enabled", true, "publicClient", false, "secret", id + "-secret",
                "serviceAccountsEnabled", true, "directAccessGrantsEnabled", true, "standardFlowEnabled", false,
                "attributes", attributes,
                "protocolMappers", List.of(Map.of("name", "audience", "protocol", "openid-connect",
                        "protocolMapper", "oidc-audience-mapper", "config", Map.of(
                                "included.client.audience", AUDIENCE, "access.token.claim", "true"))));
    }

    private static Map<String, Object> user(String name, List<String> roles) {
        return Map.of("username", name, "enabled", true, "email", name + "@example.com", "emailVerified", true,
                "firstName", name, "lastName", "Test", "realmRoles", roles, "credentials",
                List.of(Map.of("type", "password", "value", name + "-password", "temporary", false)));
    }

    static ObjectMapper json() {
        return JSON;
    }
}
