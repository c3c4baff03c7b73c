package dev.rt.auth.settings;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code authorization.jwt}: how a bearer token is checked. Either a shared {@code secret} (HMAC: HS256, HS384,
 * HS512, each only with a secret at least as long as its hash, RFC 7518 3.2) or {@code jwks} (RSA, RSA-PSS and EC
 * keys: RS*, PS*, ES*). {@code verify} names what else a token must satisfy, as {@code @fastify/jwt}'s verify
 * options do: {@code algorithms} (an allow-list within the key type's), {@code allowedAud}, {@code allowedIss},
 * {@code clockTolerance} (milliseconds of clock skew allowed on {@code exp} and {@code nbf}). Claims that start with
 * {@code namespace} are read without it.
 *
 * @param secret         the HMAC secret
 * @param jwks           the key sets of trusted issuers
 * @param namespace      the prefix removed from claim names
 * @param algorithms     the algorithms a token may use, never empty
 * @param audiences      the audiences of which a token's {@code aud} must name one; empty: not checked
 * @param issuers        the issuers of which a token's {@code iss} must be one; empty: not checked
 * @param clockTolerance the clock skew allowed
 */
public record JwtSettings(Optional<String> secret, Optional<JwksSettings> jwks, Optional<String> namespace,
        List<String> algorithms, List<String> audiences, List<String> issuers, Duration clockTolerance) {

    /** HMAC algorithms with the least secret length, in bytes, each takes. */
    private static final Map<String, Integer> HMAC = Map.of("HS256", 32, "HS384", 48, "HS512", 64);
    /** The asymmetric algorithms a key set's keys may sign with. */
    private static final List<String> ASYMMETRIC = List.of("RS256", "RS384", "RS512", "PS256", "PS384", "PS512",
            "ES256", "ES384", "ES512");

    public JwtSettings {
        Objects.requireNonNull(secret);
        Objects.requireNonNull(jwks);
        Objects.requireNonNull(namespace);
        algorithms = List.copyOf(algorithms);
        audiences = List.copyOf(audiences);
        issuers = List.copyOf(issuers);
        Objects.requireNonNull(clockTolerance);
        if (secret.isPresent() == jwks.isPresent()) {
            throw new IllegalArgumentException("a JWT check has a secret or a key set, not both nor neither");
        }
    }

    static JwtSettings from(Section section) {
        Optional<String> secret = section.string("secret");
        boolean hasJwks = section.raw("jwks").filter(value -> !Boolean.FALSE.equals(value)).isPresent();
        if (secret.isPresent() && hasJwks) {
            throw new SettingsException(section.at("jwks"), "and jwt.secret exclude each other: tokens are signed"
                    + " either with a shared secret or with an issuer's keys");
        }
        if (secret.isEmpty() && !hasJwks) {
            throw new SettingsException(section.pointer(), "needs a secret (HS256, HS384, HS512) or jwks (an issuer's"
                    + " RSA or EC keys)");
        }
        Optional<JwksSettings> jwks = hasJwks ? Optional.of(JwksSettings.from(section)) : Optional.empty();
        Section verify = section.section("verify").orElse(new Section(section.at("verify"), Map.of()));
        List<String> algorithms = secret.isPresent()
                ? hmacAlgorithms(secret.get(), verify, section.at("secret"))
                : asymmetricAlgorithms(verify);
        long tolerance = verify.millis("clockTolerance", 0);
        return new JwtSettings(secret, jwks, section.string("namespace"), algorithms, verify.strings("allowedAud"),
                verify.strings("allowedIss"), Duration.ofMillis(tolerance));
    }

    private static List<String> hmacAlgorithms(String secret, Section verify, String secretPointer) {
        int length = secret.getBytes(StandardCharsets.UTF_8).length;
        List<String> named = verify.strings("algorithms");
        if (named.isEmpty()) {
            List<String> fitting = new ArrayList<>();
            for (String algorithm : List.of("HS256", "HS384", "HS512")) {
                if (length >= HMAC.get(algorithm)) {
                    fitting.add(algorithm);
                }
            }
            if (fitting.isEmpty()) {
                throw new SettingsException(secretPointer, "must be at least 32 bytes (256 bits) long for HS256, found "
                        + length + " bytes; a shorter secret can be guessed offline from any token it signed");
            }
            return fitting;
        }
        for (int i = 0; i < named.size(); i++) {
            String algorithm = named.get(i);
            Integer least = HMAC.get(algorithm);
            if (least == null) {
                throw new SettingsException(verify.at("algorithms") + "/" + i, "must be one of HS256, HS384, HS512"
                        + " with a secret, found " + algorithm);
            }
            if (length < least) {
                throw new SettingsException(secretPointer, "must be at least " + least + " bytes long for " + algorithm
                        + ", found " + length + " bytes");
            }
        }
        return named.stream().distinct().toList();
    }

    private static List<String> asymmetricAlgorithms(Section verify) {
        List<String> named = verify.strings("algorithms");
        if (named.isEmpty()) {
            return ASYMMETRIC;
        }
        for (int i = 0; i < named.size(); i++) {
            if (!ASYMMETRIC.contains(named.get(i))) {
                throw new SettingsException(verify.at("algorithms") + "/" + i, "must be one of "
                        + String.join(", ", ASYMMETRIC) + " with jwks (an issuer's public keys), found "
                        + named.get(i));
            }
        }
        return named.stream().distinct().toList();
    }
}
