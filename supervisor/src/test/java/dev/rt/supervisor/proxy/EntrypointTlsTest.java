package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rt.config.HttpsConfig;
import dev.rt.config.PemSource;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.tls.ServerTls;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The public server over TLS and HTTP/2, with curl and the JDK HttpClient. */
@Timeout(60)
class EntrypointTlsTest {
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(2));
    private final TestBackend echo = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
            exchange.getRequestMethod() + " " + exchange.getRequestURI() + " proto="
                    + exchange.getRequestHeaders().getFirst("X-Forwarded-Proto") + " host="
                    + exchange.getRequestHeaders().getFirst("X-Forwarded-Host") + " body="
                    + new String(exchange.getRequestBody().readAllBytes()) + " h2="
                    + exchange.getRequestHeaders().keySet().stream().anyMatch(h -> h.toLowerCase().startsWith("x-http2")))));

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    private int start(Optional<ServerTls> tls, boolean http2) {
        EntrypointServer server = open(new EntrypointServer(loops, new TestUpstreams().service("a", echo.address()), "a",
                "", ServerLimits.DEFAULTS, tls, http2));
        return server.bind("127.0.0.1", 0).getPort();
    }

    @Test
    void curlOverTlsReachesTheWorkerMarkedAsHttps() throws Exception {
        int port = start(Optional.of(TestTls.server(TestTls.localhost(false), false)), false);

        Curl.Result result = Curl.run("-k", "-w", " %{http_version}", "https://127.0.0.1:" + port + "/x?y=1");

        assertThat(result.err()).isEmpty();
        assertThat(result.out()).isEqualTo("GET /x?y=1 proto=https host=127.0.0.1:" + port + " body= h2=false 1.1");
    }

    @Test
    void curlWithHttp2NegotiatesH2ByAlpn() throws Exception {
        int port = start(Optional.of(TestTls.server(TestTls.localhost(false), true)), true);

        Curl.Result get = Curl.run("-k", "--http2", "-w", " %{http_version}", "https://127.0.0.1:" + port + "/h2");
        Curl.Result post = Curl.run("-k", "--http2", "-d", "payload", "https://127.0.0.1:" + port + "/p");

        assertThat(get.out()).isEqualTo("GET /h2 proto=https host=127.0.0.1:" + port + " body= h2=false 2");
        assertThat(post.out()).startsWith("POST /p ").contains("body=payload");
    }

    @Test
    void h2OnlyServerRefusesHttp1AndAllowHttp1AcceptsIt() throws Exception {
        int h2Only = start(Optional.of(TestTls.server(TestTls.localhost(false), true)), true);
        int both = start(Optional.of(TestTls.server(TestTls.localhost(true), true)), true);

        Curl.Result refused = Curl.run("-k", "--http1.1", "https://127.0.0.1:" + h2Only + "/");
        Curl.Result accepted = Curl.run("-k", "--http1.1", "-w", " %{http_version}", "https://127.0.0.1:" + both + "/");

        assertThat(refused.exit()).isNotZero();
        assertThat(accepted.out()).endsWith(" 1.1");
    }

    @Test
    void jdkHttpClientSpeaksH2AndHttp1OverTls() throws Exception {
        int port = start(Optional.of(TestTls.server(TestTls.localhost(true), true)), true);
        URI uri = URI.create("https://localhost:" + port + "/jdk");

        HttpResponse<String> h2 = HttpClient.newBuilder().sslContext(TestTls.trustingLocalhost())
                .version(HttpClient.Version.HTTP_2).build()
                .send(HttpRequest.newBuilder(uri).POST(BodyPublishers.ofString("two")).build(), BodyHandlers.ofString());
        HttpResponse<String> h1 = HttpClient.newBuilder().sslContext(TestTls.trustingLocalhost())
                .version(HttpClient.Version.HTTP_1_1).build()
                .send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString());

        assertThat(h2.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(h2.body()).startsWith("POST /jdk proto=https host=localhost:" + port).contains("body=two");
        assertThat(h1.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
        assertThat(h1.body()).startsWith("GET /jdk proto=https");
    }

    @Test
    void cleartextHttp2AcceptsPriorKnowledgeH2AndHttp1() throws Exception {
        int port = start(Optional.empty(), true);

        Curl.Result h2 = Curl.run("--http2-prior-knowledge", "-w", " %{http_version}", "http://127.0.0.1:" + port + "/c");
        Curl.Result h1 = Curl.run("-w", " %{http_version}", "http://127.0.0.1:" + port + "/c");

        assertThat(h2.out()).isEqualTo("GET /c proto=http host=127.0.0.1:" + port + " body= h2=false 2");
        assertThat(h1.out()).endsWith(" 1.1");
    }

    @Test
    void certificateIsChosenByTheNameTheClientAsksFor() throws Exception {
        int port = start(Optional.of(TestTls.server(TestTls.both(), false)), false);

        assertThat(presentedSubject(port, "other.test")).isEqualTo("CN=other.test");
        assertThat(presentedSubject(port, "api.other.test")).isEqualTo("CN=other.test");
        assertThat(presentedSubject(port, "localhost")).isEqualTo("CN=localhost");
        assertThat(presentedSubject(port, "unknown.example")).isEqualTo("CN=localhost");
        Curl.Result other = Curl.run("-k", "--resolve", "other.test:" + port + ":127.0.0.1",
                "https://other.test:" + port + "/sni");
        assertThat(other.out()).startsWith("GET /sni proto=https host=other.test:" + port);
    }

    @Test
    void boringSslEncryptsOnLinuxX64() {
        assumeTrue(System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64"),
                "netty-tcnative-boringssl-static is bundled for linux-x86_64 only");

        assertThat(ServerTls.provider()).as("the TLS engine (BoringSSL unavailable because: %s)",
                OpenSsl.unavailabilityCause()).isEqualTo(SslProvider.OPENSSL);
    }

    @Test
    void theJdkEngineServesTheSameWhereBoringSslCannotLoad() throws Exception {
        int port = start(Optional.of(TestTls.server(TestTls.both(), true, SslProvider.JDK)), true);

        Curl.Result h2 = Curl.run("-k", "--http2", "-w", " %{http_version}", "https://127.0.0.1:" + port + "/jdk");

        assertThat(h2.out()).isEqualTo("GET /jdk proto=https host=127.0.0.1:" + port + " body= h2=false 2");
        assertThat(presentedSubject(port, "other.test")).isEqualTo("CN=other.test");
        assertThat(presentedSubject(port, "localhost")).isEqualTo("CN=localhost");
    }

    private static String presentedSubject(int port, String serverName) throws Exception {
        try (SSLSocket socket = (SSLSocket) TestTls.trustingAnything().getSocketFactory().createSocket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setServerNames(List.of(new SNIHostName(serverName)));
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            return ((X509Certificate) socket.getSession().getPeerCertificates()[0]).getSubjectX500Principal().getName();
        }
    }

    @Test
    void missingKeyFileIsAConfigurationErrorNamingTheFile() {
        HttpsConfig https = new HttpsConfig(false, List.of(new PemSource.File(Path.of("nope/key.pem"))),
                List.of(new PemSource.File(Path.of("localhost-cert.pem"))));

        assertThatThrownBy(() -> TestTls.server(https, false))
                .isInstanceOf(RtException.class)
                .hasMessage("server.https.key: cannot read " + TestTls.dir().resolve("nope/key.pem")
                        + ": no such file (a relative path is relative to the configuration file)")
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_CONFIG_INVALID");
    }

    @Test
    void keyThatIsNotPemIsAConfigurationErrorNamingBothFiles() {
        HttpsConfig https = new HttpsConfig(false, List.of(new PemSource.Inline("not a key")),
                List.of(new PemSource.File(Path.of("localhost-cert.pem"))));

        assertThatThrownBy(() -> TestTls.server(https, false))
                .isInstanceOf(RtException.class)
                .hasMessageStartingWith("server.https: cannot use the certificate "
                        + TestTls.dir().resolve("localhost-cert.pem") + " with the key given inline in server.https.key")
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_CONFIG_INVALID");
    }

    @Test
    void keyOfAnotherCertificateIsAConfigurationErrorNamingBoth() {
        HttpsConfig https = new HttpsConfig(false, List.of(new PemSource.File(Path.of("other-key.pem"))),
                List.of(new PemSource.File(Path.of("localhost-cert.pem"))));

        assertThatThrownBy(() -> TestTls.server(https, false))
                .isInstanceOf(RtException.class)
                .hasMessageStartingWith("server.https: the key " + TestTls.dir().resolve("other-key.pem")
                        + " does not belong to the certificate " + TestTls.dir().resolve("localhost-cert.pem"))
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_CONFIG_INVALID");
    }

    @Test
    void swappedPairInACertificateListIsAConfigurationError() {
        HttpsConfig swapped = new HttpsConfig(true,
                List.of(new PemSource.File(Path.of("localhost-key.pem")), new PemSource.File(Path.of("localhost-key.pem"))),
                List.of(new PemSource.File(Path.of("localhost-cert.pem")), new PemSource.File(Path.of("other-cert.pem"))));

        assertThatThrownBy(() -> TestTls.server(swapped, true, SslProvider.JDK))
                .isInstanceOf(RtException.class)
                .hasMessageContaining("does not belong to the certificate " + TestTls.dir().resolve("other-cert.pem"));
        assertThatCode(() -> TestTls.server(TestTls.both(), true)).doesNotThrowAnyException(); // the right pairs
    }
}
