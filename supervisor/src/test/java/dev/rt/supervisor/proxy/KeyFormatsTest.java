package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.HttpsConfig;
import dev.rt.config.PemSource;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.tls.ServerTls;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The private key forms that tools write, made by {@code openssl} itself and served to {@code curl}: PKCS#1 RSA
 * ({@code genrsa -traditional}), SEC1 EC with its parameters block ({@code ecparam -genkey}, like certbot's
 * ECDSA keys) and PKCS#8; an encrypted key is a configuration error saying how to decrypt it.
 */
class KeyFormatsTest {
    @TempDir
    Path dir;

    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = resources.open(new ProxyEventLoops(1));
    private final TestBackend backend = resources.open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
            "served")));

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    @Test
    void pkcs1RsaKeyServesTls() throws Exception {
        openssl("genrsa", "-traditional", "-out", "key.pem", "2048");
        assertThat(Files.readString(dir.resolve("key.pem"))).startsWith("-----BEGIN RSA PRIVATE KEY-----");

        assertThat(curlThroughTlsWith("key.pem")).isEqualTo("served");
    }

    @Test
    void sec1EcKeyWithItsParametersBlockServesTls() throws Exception {
        openssl("ecparam", "-name", "prime256v1", "-genkey", "-out", "key.pem");
        assertThat(Files.readString(dir.resolve("key.pem"))).startsWith("-----BEGIN EC PARAMETERS-----")
                .contains("-----BEGIN EC PRIVATE KEY-----");

        assertThat(curlThroughTlsWith("key.pem")).isEqualTo("served");
    }

    @Test
    void pkcs8EcKeyServesTls() throws Exception {
        openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", "key.pem");
        assertThat(Files.readString(dir.resolve("key.pem"))).startsWith("-----BEGIN PRIVATE KEY-----");

        assertThat(curlThroughTlsWith("key.pem")).isEqualTo("served");
    }

    @Test
    void encryptedKeyIsAConfigurationErrorSayingHowToDecryptIt() throws Exception {
        openssl("genpkey", "-algorithm", "RSA", "-aes-128-cbc", "-pass", "pass:secret", "-out", "key.pem");
        openssl("req", "-x509", "-new", "-key", "key.pem", "-passin", "pass:secret", "-subj", "/CN=localhost",
                "-days", "1", "-out", "cert.pem");

        assertThatThrownBy(() -> ServerTls.load(https("key.pem"), false, dir))
                .isInstanceOf(RtException.class)
                .hasMessageStartingWith("server.https.key: the key " + dir.resolve("key.pem") + " is encrypted")
                .hasMessageContaining("openssl pkey -in");
    }

    private String curlThroughTlsWith(String key) throws Exception {
        openssl("req", "-x509", "-new", "-key", key, "-subj", "/CN=localhost", "-days", "1", "-out", "cert.pem");
        EntrypointServer server = resources.open(new EntrypointServer(loops, new TestUpstreams().service("a",
                backend.address()), "a", "", ServerLimits.DEFAULTS, Optional.of(ServerTls.load(https(key), false, dir)),
                false));
        int port = server.bind("127.0.0.1", 0).getPort();
        Curl.Result result = Curl.run("-k", "https://127.0.0.1:" + port + "/");
        assertThat(result.err()).isEmpty();
        return result.out();
    }

    private static HttpsConfig https(String key) {
        return new HttpsConfig(false, List.of(new PemSource.File(Path.of(key))),
                List.of(new PemSource.File(Path.of("cert.pem"))));
    }

    private void openssl(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("openssl %s: %s", String.join(" ", arguments), output).isZero();
    }
}
