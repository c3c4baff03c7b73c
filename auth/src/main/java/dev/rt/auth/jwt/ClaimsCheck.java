package dev.rt.auth.jwt;

import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import dev.rt.auth.settings.JwksSettings;
import dev.rt.auth.settings.JwtSettings;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The claim checks of {@code jwt.verify}: nimbus's ({@code exp}, {@code nbf} with the clock tolerance, {@code aud}
 * among {@code allowedAud}) and the issuer among {@code allowedIss}, which nimbus matches only against one value.
 * {@code exp} and {@code nbf} are read against rt's clock, the one {@link VerifiedTokens} checks its hits with.
 */
final class ClaimsCheck extends DefaultJWTClaimsVerifier<SecurityContext> {
    private final List<String> issuers;
    private final LongSupplier clock;

    ClaimsCheck(JwtSettings settings, LongSupplier clock) {
        super(settings.audiences().isEmpty() ? null : Set.copyOf(settings.audiences()), null, null, null);
        this.clock = clock;
        this.issuers = settings.issuers().stream().map(JwksSettings::withSlash).toList();
        long millis = settings.clockTolerance().toMillis();
        setMaxClockSkew((int) Math.min(Integer.MAX_VALUE, (millis + 999) / 1000));
    }

    @Override
    protected Date currentTime() {
        return new Date(clock.getAsLong());
    }

    @Override
    public void verify(JWTClaimsSet claims, SecurityContext context) throws BadJWTException {
        super.verify(claims, context);
        if (!issuers.isEmpty()) {
            String issuer = claims.getIssuer();
            if (issuer == null || !issuers.contains(JwksSettings.withSlash(issuer))) {
                throw new BadJWTException("JWT iss claim rejected");
            }
        }
    }
}
