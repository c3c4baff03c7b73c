package dev.rt.supervisor.proxy;

import dev.rt.supervisor.Fixtures;
import dev.rt.config.HttpsConfig;
import dev.rt.config.PemSource;
import dev.rt.supervisor.proxy.tls.ServerTls;
import io.netty.handler.ssl.SslProvider;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** The TLS fixtures of {@code testdata/tls} and client contexts that trust them. */
final class TestTls {
    private TestTls() {
    }

    static Path dir() {
        return Fixtures.testdata().resolve("tls");
    }

    /** {@code server.https} with the localhost certificate, given as {@code {path}} relative to {@code dir()}. */
    static HttpsConfig localhost(boolean allowHTTP1) {
        return new HttpsConfig(allowHTTP1, List.of(new PemSource.File(Path.of("localhost-key.pem"))),
                List.of(new PemSource.File(Path.of("localhost-cert.pem"))));
    }

    /** Both certificates: localhost first (the default), other.test chosen by SNI. */
    static HttpsConfig both() {
        return new HttpsConfig(true,
                List.of(new PemSource.File(Path.of("localhost-key.pem")), new PemSource.File(Path.of("other-key.pem"))),
                List.of(new PemSource.File(Path.of("localhost-cert.pem")), new PemSource.File(Path.of("other-cert.pem"))));
    }

    static ServerTls server(HttpsConfig https, boolean http2) {
        return ServerTls.load(https, http2, dir());
    }

    /** The same with the given engine: BoringSSL or the JDK's. */
    static ServerTls server(HttpsConfig https, boolean http2, SslProvider provider) {
        return ServerTls.load(https, http2, dir(), provider);
    }

    /** A client context that trusts the localhost certificate only. */
    static SSLContext trustingLocalhost() throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(dir().resolve("localhost-cert.pem"))) {
            trust.setCertificateEntry("localhost", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }

    /** A client context that accepts any certificate (to see which one the server picked). */
    static SSLContext trustingAnything() throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        }}, null);
        return context;
    }
}
