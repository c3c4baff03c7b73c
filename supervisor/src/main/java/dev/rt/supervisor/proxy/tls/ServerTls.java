package dev.rt.supervisor.proxy.tls;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.HttpsConfig;
import dev.rt.config.PemSource;
import dev.rt.config.error.RtException;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SniHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.netty.util.DomainWildcardMappingBuilder;
import io.netty.util.Mapping;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * TLS of the public server, from {@code server.https}: each key with the certificate at the same position
 * ({@code key} and {@code cert} are one source each, or arrays of the same length), the certificate chosen by
 * the name the client asks for (SNI) among the DNS names of each certificate, the first one otherwise. ALPN
 * offers {@code h2} when {@code server.http2} is on ({@code http/1.1} too with {@code allowHTTP1}), and
 * {@code http/1.1} otherwise. Keys are unencrypted PEM: PKCS#8 ({@code BEGIN PRIVATE KEY}), PKCS#1 RSA or SEC1 EC
 * ({@link PrivateKeyPem}).
 *
 * <p>TLS runs on BoringSSL (netty-tcnative, bundled for linux-x86_64), whose full handshakes cost less CPU than
 * the JDK's {@code SSLEngine} (measured in bench/RESULTS.md). Where it cannot be loaded (another platform, or
 * Netty's own {@code -Dio.netty.handler.ssl.noOpenSsl=true}), the JDK's engine does the same job.
 */
public final class ServerTls {
    private final Mapping<String, SslContext> contexts;
    private final boolean http1;
    private final SslProvider provider;

    private ServerTls(Mapping<String, SslContext> contexts, boolean http1, SslProvider provider) {
        this.contexts = contexts;
        this.http1 = http1;
        this.provider = provider;
    }

    /**
     * Reads every key and certificate and builds the contexts.
     *
     * @param root the configuration file's directory, which relative {@code {path}} sources are relative to
     * @throws RtException {@code RT_CONFIG_INVALID} naming the file or setting that cannot be read or used
     */
    public static ServerTls load(HttpsConfig https, boolean http2, Path root) {
        return load(https, http2, root, provider());
    }

    /** As {@link #load(HttpsConfig, boolean, Path)}, with the given engine. */
    public static ServerTls load(HttpsConfig https, boolean http2, Path root, SslProvider provider) {
        if (https.keys().size() != https.certs().size()) {
            throw invalid("server.https: key has " + https.keys().size() + " entries and cert " + https.certs().size()
                    + "; give one key for each certificate, in the same order");
        }
        List<String> protocols = new ArrayList<>();
        if (http2) {
            protocols.add(ApplicationProtocolNames.HTTP_2);
        }
        if (!http2 || https.allowHTTP1()) {
            protocols.add(ApplicationProtocolNames.HTTP_1_1);
        }
        SslContext first = null;
        List<SslContext> all = new ArrayList<>();
        List<Set<String>> names = new ArrayList<>();
        for (int i = 0; i < https.certs().size(); i++) {
            String where = https.certs().size() == 1 ? "" : "/" + i;
            byte[] cert = read(https.certs().get(i), root, "server.https.cert" + where);
            String keyName = describe(https.keys().get(i), root, "key" + where);
            byte[] key = pkcs8(read(https.keys().get(i), root, "server.https.key" + where), keyName, where);
            String certName = describe(https.certs().get(i), root, "cert" + where);
            SslContext context = context(provider, cert, key, protocols, certName, keyName);
            X509Certificate leaf = leaf(cert, certName);
            checkKeyBelongsTo(leaf, key, certName, keyName);
            all.add(context);
            names.add(dnsNames(leaf));
            if (first == null) {
                first = context;
            }
        }
        DomainWildcardMappingBuilder<SslContext> mapping = new DomainWildcardMappingBuilder<>(first);
        for (int i = all.size() - 1; i >= 0; i--) { // the first certificate wins a name two of them share
            for (String name : names.get(i)) {
                mapping.add(name, all.get(i));
            }
        }
        return new ServerTls(mapping.build(), protocols.contains(ApplicationProtocolNames.HTTP_1_1), provider);
    }

    /** A new handler for one connection: picks the certificate by SNI, then runs the TLS handshake. */
    public SniHandler newHandler() {
        return new SniHandler(contexts);
    }

    /** For the log: "BoringSSL", or the JDK's engine and why BoringSSL is not used. */
    public String engine() {
        if (provider == SslProvider.OPENSSL) {
            return "BoringSSL";
        }
        Throwable cause = OpenSsl.unavailabilityCause();
        return "the JDK's SSLEngine" + (cause == null ? "" : " (BoringSSL cannot be loaded here: " + rootMessage(cause)
                + ")");
    }

    /** Whether ALPN offers {@code http/1.1} (beside {@code h2}, or alone). */
    public boolean offersHttp1() {
        return http1;
    }

    /** The engine that encrypts: BoringSSL when its native library loads here, the JDK's otherwise. */
    public static SslProvider provider() {
        return OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
    }

    private static SslContext context(SslProvider provider, byte[] cert, byte[] key, List<String> protocols,
            String certName, String keyName) {
        try (InputStream certIn = new ByteArrayInputStream(cert); InputStream keyIn = new ByteArrayInputStream(key)) {
            SslContextBuilder builder = SslContextBuilder.forServer(certIn, keyIn)
                    .sslProvider(provider)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, protocols));
            if (protocols.contains(ApplicationProtocolNames.HTTP_2)) {
                builder.ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE);
            }
            return builder.build();
        } catch (IOException | IllegalArgumentException e) {
            throw invalid("server.https: cannot use the certificate " + certName + " with the key " + keyName + ": "
                    + rootMessage(e) + " (the certificate must be PEM; the key unencrypted PEM, \"BEGIN PRIVATE KEY\","
                    + " \"BEGIN RSA PRIVATE KEY\" or \"BEGIN EC PRIVATE KEY\", and it must belong to the certificate)", e);
        }
    }

    private static byte[] read(PemSource source, Path root, String setting) {
        if (source instanceof PemSource.Inline inline) {
            return inline.pem().getBytes(StandardCharsets.US_ASCII);
        }
        Path file = root.resolve(((PemSource.File) source).path()).normalize();
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw invalid(setting + ": cannot read " + file + ": " + (e instanceof java.nio.file.NoSuchFileException
                    ? "no such file" : rootMessage(e)) + " (a relative path is relative to the configuration file)", e);
        }
    }

    private static String describe(PemSource source, Path root, String setting) {
        return source instanceof PemSource.File file ? root.resolve(file.path()).normalize().toString()
                : "given inline in server.https." + setting;
    }

    /** The first certificate of a PEM chain. */
    private static X509Certificate leaf(byte[] pem, String name) {
        try {
            Collection<? extends java.security.cert.Certificate> chain = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem));
            if (chain.isEmpty()) {
                throw invalid("server.https: " + name + " holds no PEM certificate");
            }
            return (X509Certificate) chain.iterator().next();
        } catch (CertificateException e) {
            throw invalid("server.https: cannot read the certificate " + name + ": " + rootMessage(e), e);
        }
    }

    /**
     * Signs a few bytes with the key and verifies them with the certificate's public key. Neither engine checks
     * the pair when it builds its context: a server started with a key from another certificate, then failed
     * every handshake with an "internal error" alert and logged nothing. Key types rt cannot sign with here are
     * left to the handshake.
     */
    private static void checkKeyBelongsTo(X509Certificate leaf, byte[] keyPem, String certName, String keyName) {
        PublicKey certified = leaf.getPublicKey();
        String signing = switch (certified.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        Optional<byte[]> der = PrivateKeyPem.der(keyPem);
        if (signing == null || der.isEmpty()) {
            return;
        }
        boolean belongs;
        try {
            PrivateKey key = KeyFactory.getInstance(certified.getAlgorithm())
                    .generatePrivate(new PKCS8EncodedKeySpec(der.get()));
            byte[] probe = "rt: does this key belong to this certificate?".getBytes(StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance(signing);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(signing);
            verifier.initVerify(certified);
            verifier.update(probe);
            belongs = verifier.verify(signature);
        } catch (InvalidKeySpecException | InvalidKeyException | SignatureException | IllegalArgumentException e) {
            belongs = false; // a key of another type than the certificate's, most often
        } catch (NoSuchAlgorithmException e) {
            return; // this JDK cannot sign with it: the handshake will tell
        }
        if (!belongs) {
            throw invalid("server.https: the key " + keyName + " does not belong to the certificate " + certName
                    + " (its " + certified.getAlgorithm() + " public key is not the key's); give each certificate the"
                    + " key it was issued for, in the same order");
        }
    }

    /** The DNS names of a certificate: its subjectAltName entries, else its CN. */
    private static Set<String> dnsNames(X509Certificate leaf) {
        Set<String> names = new LinkedHashSet<>();
        try {
            Collection<List<?>> alternatives = leaf.getSubjectAlternativeNames();
            if (alternatives != null) {
                for (List<?> entry : alternatives) {
                    if (Integer.valueOf(2).equals(entry.get(0))) {
                        names.add(entry.get(1).toString());
                    }
                }
            }
            if (names.isEmpty()) {
                for (Rdn rdn : new LdapName(leaf.getSubjectX500Principal().getName()).getRdns()) {
                    if (rdn.getType().equalsIgnoreCase("CN")) {
                        names.add(rdn.getValue().toString());
                    }
                }
            }
        } catch (CertificateException | InvalidNameException e) {
            throw invalid("server.https: cannot read the names of the certificate " + leaf.getSubjectX500Principal()
                    + ": " + rootMessage(e), e);
        }
        return names;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }

    private static byte[] pkcs8(byte[] key, String keyName, String where) {
        try {
            return PrivateKeyPem.asPkcs8(key, keyName);
        } catch (IllegalArgumentException e) {
            throw invalid("server.https.key" + where + ": " + e.getMessage(), e);
        }
    }

    private static RtException invalid(String message) {
        return new RtException(ErrorCode.CONFIG_INVALID, message);
    }

    private static RtException invalid(String message, Throwable cause) {
        return new RtException(ErrorCode.CONFIG_INVALID, message, cause);
    }
}
