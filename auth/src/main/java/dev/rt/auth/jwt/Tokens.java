package dev.rt.auth.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.ExpiredJWTException;
import dev.rt.auth.AuthenticationException;
import java.text.ParseException;

/** Parsing a token within bounds, and nimbus's refusals as rt's: one place for what a client is told. */
final class Tokens {
    private Tokens() {
    }

    /** The token as a signed JWT: anything longer than the bound, not a JWT, or unsigned ({@code alg: none}) fails. */
    static SignedJWT parseSigned(String token) {
        if (token.length() > TokenVerifier.MAX_TOKEN_LENGTH) {
            throw new AuthenticationException(AuthenticationException.TOKEN_TOO_LARGE, "the bearer token is longer"
                    + " than " + TokenVerifier.MAX_TOKEN_LENGTH + " characters");
        }
        JWT jwt;
        try {
            jwt = JWTParser.parse(token);
        } catch (ParseException e) {
            throw invalid("it is not a JWT (" + e.getMessage() + ")", e);
        }
        if (!(jwt instanceof SignedJWT signed)) {
            throw invalid("it is not signed", null);
        }
        return signed;
    }

    /** The claims of a signed token before its signature is checked, to choose the keys that check it. */
    static JWTClaimsSet unverifiedClaims(SignedJWT jwt) {
        try {
            return jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            throw invalid("its claims are not a JSON object", e);
        }
    }

    /** A refusal by nimbus's processor as rt's. */
    static AuthenticationException refusal(Exception e) {
        if (e instanceof ExpiredJWTException) {
            return new AuthenticationException(AuthenticationException.TOKEN_EXPIRED, "the bearer token has expired", e);
        }
        if (e instanceof BadJWTException || e instanceof BadJOSEException || e instanceof JOSEException) {
            return invalid(e.getMessage(), e);
        }
        return invalid("its keys could not be read", e);
    }

    static AuthenticationException invalid(String reason, Throwable cause) {
        return new AuthenticationException(AuthenticationException.TOKEN_INVALID, "the bearer token is not valid: "
                + reason, cause);
    }
}
