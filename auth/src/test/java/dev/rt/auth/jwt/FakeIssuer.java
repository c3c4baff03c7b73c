package dev.rt.auth.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.jca.JCAContext;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.proc.JWSVerifierFactory;
import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.net.URL;
import java.security.Key;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An issuer for these tests without a network: its key set handed to nimbus by a retriever (counting the fetches),
 * tokens signed with its keys, and nimbus's signature checks counted.
 */
final class FakeIssuer implements ResourceRetriever, JWSVerifierFactory {
    static final String URL = "https://id.example/";

    private final DefaultJWSVerifierFactory signatures = new DefaultJWSVerifierFactory();
    private final AtomicInteger checks = new AtomicInteger();
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile JWKSet published = new JWKSet();

    void publish(List<JWK> keys) {
        published = new JWKSet(keys);
    }

    /** How many signatures nimbus checked. */
    int checks() {
        return checks.get();
    }

    /** How many times the key set was fetched. */
    int fetches() {
        return fetches.get();
    }

    static String sign(RSAKey key, JWTClaimsSet claims) throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims);
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    @Override
    public Resource retrieveResource(URL url) {
        fetches.incrementAndGet();
        return new Resource(published.toString(true), "application/json");
    }

    @Override
    public JWSVerifier createJWSVerifier(JWSHeader header, Key key) throws JOSEException {
        checks.incrementAndGet();
        return signatures.createJWSVerifier(header, key);
    }

    @Override
    public Set<JWSAlgorithm> supportedJWSAlgorithms() {
        return signatures.supportedJWSAlgorithms();
    }

    @Override
    public JCAContext getJCAContext() {
        return signatures.getJCAContext();
    }
}
