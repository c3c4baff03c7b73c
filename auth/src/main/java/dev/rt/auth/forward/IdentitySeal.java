package dev.rt.auth.forward;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.rt.auth.AuthenticationException;
import dev.rt.auth.User;
import java.security.SecureRandom;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * Seals a {@link User} into the {@value #HEADER} header and opens it again, with a key that every process of one
 * runtime shares and nothing else has (the supervisor makes it at start and hands it to its workers over their
 * private socket). A sealed identity is good for {@link #LIFETIME}: long enough for a chain of calls, short enough
 * that one seen in a log is soon worthless. Only the runtime sets this header: the entrypoint removes it from what
 * clients send, and a forged or stale one is refused with {@link AuthenticationException#IDENTITY_INVALID}.
 */
public final class IdentitySeal {
    /** The header carrying a sealed identity between the parts of a runtime. */
    public static final String HEADER = "X-RT-IDENTITY";
    /** How long a sealed identity is good for. */
    public static final Duration LIFETIME = Duration.ofMinutes(5);
    private static final int KEY_BYTES = 32;
    private static final int MAX_LENGTH = 16 * 1024;

    private final byte[] key;
    private final MACSigner signer;
    private final MACVerifier verifier;

    private IdentitySeal(byte[] key) {
        if (key.length < KEY_BYTES) {
            throw new IllegalArgumentException("an identity key has at least " + KEY_BYTES + " bytes");
        }
        this.key = key.clone();
        try {
            this.signer = new MACSigner(this.key);
            this.verifier = new MACVerifier(this.key);
        } catch (JOSEException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** A new random key, for a runtime that starts. */
    public static IdentitySeal generate() {
        byte[] key = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(key);
        return new IdentitySeal(key);
    }

    /** The key as the supervisor hands it to a worker (base64). */
    public static IdentitySeal fromKey(String base64) {
        return new IdentitySeal(Base64.getDecoder().decode(base64));
    }

    /** The key, base64, to hand to a worker. */
    public String key() {
        return Base64.getEncoder().encodeToString(key);
    }

    /** The user as the header's value, good until {@code now} plus the lifetime. */
    public String seal(User user, Instant now) {
        JWTClaimsSet claims = new JWTClaimsSet.Builder().claim("roles", user.roles()).claim("fields", user.fields())
                .expirationTime(Date.from(now.plus(LIFETIME))).build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot seal an identity: " + e.getMessage(), e);
        }
        return jwt.serialize();
    }

    /** The user a header's value carries, when this runtime sealed it and it is not stale. */
    public User open(String value, Instant now) {
        try {
            if (value.length() > MAX_LENGTH) {
                throw refused("it is too long");
            }
            SignedJWT jwt = SignedJWT.parse(value);
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                throw refused("this runtime did not seal it");
            }
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            Date expiry = claims.getExpirationTime();
            if (expiry == null || !expiry.toInstant().isAfter(now)) {
                throw refused("it is older than " + LIFETIME.toMinutes() + " minutes");
            }
            @SuppressWarnings("unchecked")
            List<String> roles = (List<String>) claims.getClaim("roles");
            Map<String, Object> fields = claims.getJSONObjectClaim("fields");
            return new User(roles, fields);
        } catch (ParseException | JOSEException | ClassCastException | IllegalArgumentException
                 | NullPointerException e) {
            throw new AuthenticationException(AuthenticationException.IDENTITY_INVALID, "the " + HEADER
                    + " header is not valid: it is malformed", e);
        }
    }

    private static AuthenticationException refused(String reason) {
        return new AuthenticationException(AuthenticationException.IDENTITY_INVALID, "the " + HEADER
                + " header is not valid: " + reason);
    }
}
