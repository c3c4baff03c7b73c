import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;

/**
 * bench/db-auth.sh's identity provider, made by nimbus-jose-jwt (no hand-written crypto): an RSA key, its public
 * half as a key set in {@code <dir>/.well-known/jwks.json} (which a static file server then serves as
 * {@code <issuer>/.well-known/jwks.json}), and one RS256 token per user on stdout, a line each, valid for two hours.
 * Each token names its user for both servers: {@code sub} and {@code X-PLATFORMATIC-USER-ID}, the role {@code user}
 * as {@code X-RT-ROLE} and {@code X-PLATFORMATIC-ROLE}.
 *
 * <p>Run as a single-file program: {@code java -cp nimbus-jose-jwt.jar Tokens.java <dir> <issuer> <user>...}.
 */
public final class Tokens {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String issuer = args[1];
        RSAKey key = new RSAKeyGenerator(2048).keyID("bench-1").generate();
        Files.createDirectories(dir.resolve(".well-known"));
        Files.writeString(dir.resolve(".well-known/jwks.json"), new JWKSet(key.toPublicJWK()).toString());
        RSASSASigner signer = new RSASSASigner(key);
        Instant now = Instant.now();
        for (int i = 2; i < args.length; i++) {
            JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer(issuer).subject(args[i])
                    .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(7200)))
                    .claim("X-RT-ROLE", "user").claim("X-PLATFORMATIC-ROLE", "user")
                    .claim("X-PLATFORMATIC-USER-ID", args[i]).build();
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                    claims);
            jwt.sign(signer);
            System.out.println(jwt.serialize());
        }
    }
}
