package dev.rt.auth.jwt;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSetCacheRefreshEvaluator;
import com.nimbusds.jose.jwk.source.JWKSetSource;
import com.nimbusds.jose.jwk.source.URLBasedJWKSetSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import dev.rt.auth.settings.JwksSettings;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.text.ParseException;
import java.util.Map;

/**
 * Where an issuer's key set is: {@code <issuer>.well-known/jwks.json}, {@code <issuer><jwksPath>}, or the
 * {@code jwks_uri} of the issuer's OpenID configuration, read at the first fetch (whose {@code issuer} must be the
 * issuer itself, as OpenID Connect Discovery 4.3 requires). The fetching is nimbus's {@link URLBasedJWKSetSource}.
 */
final class KeySetLocation implements JWKSetSource<SecurityContext> {
    private final String issuer;
    private final JwksSettings settings;
    private final ResourceRetriever retriever;
    private volatile URLBasedJWKSetSource<SecurityContext> located;

    KeySetLocation(String issuer, JwksSettings settings, ResourceRetriever retriever) {
        this.issuer = issuer;
        this.settings = settings;
        this.retriever = retriever;
    }

    @Override
    public JWKSet getJWKSet(JWKSetCacheRefreshEvaluator refreshEvaluator, long currentTime, SecurityContext context)
            throws KeySourceException {
        URLBasedJWKSetSource<SecurityContext> source = located;
        if (source == null) {
            source = new URLBasedJWKSetSource<>(locate(), retriever);
            located = source;
        }
        return source.getJWKSet(refreshEvaluator, currentTime, context);
    }

    private URL locate() throws KeySourceException {
        try {
            if (settings.jwksPath().isPresent()) {
                return URI.create(issuer + settings.jwksPath().get()).toURL();
            }
            if (!settings.providerDiscovery()) {
                return URI.create(issuer + ".well-known/jwks.json").toURL();
            }
            URL configuration = URI.create(issuer + ".well-known/openid-configuration").toURL();
            Resource resource = retriever.retrieveResource(configuration);
            Map<String, Object> document = JSONObjectUtils.parse(resource.getContent());
            Object announced = document.get("issuer");
            if (!(announced instanceof String named) || !JwksSettings.withSlash(named).equals(issuer)) {
                throw new KeySourceException(configuration + " names the issuer " + announced + ", not " + issuer);
            }
            if (!(document.get("jwks_uri") instanceof String uri)) {
                throw new KeySourceException(configuration + " has no jwks_uri");
            }
            return URI.create(uri).toURL();
        } catch (IOException | ParseException | IllegalArgumentException e) {
            throw new KeySourceException("cannot find the key set of " + issuer + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        URLBasedJWKSetSource<SecurityContext> source = located;
        if (source != null) {
            source.close();
        }
    }

    @Override
    public String toString() {
        return issuer;
    }
}
