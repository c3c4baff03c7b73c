package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpsConfigTest {
    private static java.util.Optional<HttpsConfig> https(JsonNode https) {
        return HttpsConfig.from(ConfigNode.section("https", https));
    }

    private static final String PEM = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n";

    @Test
    void absentMeansNoTls() {
        assertThat(https(MissingNode.getInstance())).isEmpty();
    }

    @Test
    void inlinePemAndPathsAreDistinguished() {
        HttpsConfig https = https(parse("{\"allowHTTP1\": true, \"key\": " + BundledSchemas.JSON.valueToTree(PEM)
                + ", \"cert\": {\"path\": \"tls/cert.pem\"}}")).orElseThrow();

        assertThat(https.allowHTTP1()).isTrue();
        assertThat(https.keys()).containsExactly(new PemSource.Inline(PEM));
        assertThat(https.certs()).containsExactly(new PemSource.File(Path.of("tls/cert.pem")));
    }

    @Test
    void arraysGiveSeveralKeysAndCerts() {
        HttpsConfig https = https(parse("""
                {"allowHTTP1": false, "key": [{"path": "a.key"}, {"path": "b.key"}], "cert": ["CERT-A", {"path": "b.crt"}]}
                """)).orElseThrow();

        assertThat(https.allowHTTP1()).isFalse();
        assertThat(https.keys()).isEqualTo(List.of(new PemSource.File(Path.of("a.key")), new PemSource.File(Path.of("b.key"))));
        assertThat(https.certs()).isEqualTo(List.of(new PemSource.Inline("CERT-A"), new PemSource.File(Path.of("b.crt"))));
    }

    @Test
    void inlinePemIsNeverPrinted() {
        assertThat(new PemSource.Inline(PEM).toString()).doesNotContain("MIIE").contains(PEM.length() + " characters");
    }
}
