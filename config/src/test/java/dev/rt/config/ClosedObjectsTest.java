package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each object of the schemas that names its settings refuses a key it does not name, at start, with the file and the
 * key's JSON pointer: a misspelt setting is never silently ignored. (The db kind's own objects: DbSchemaTest in its
 * module, which can install it.)
 */
class ClosedObjectsTest {
    private static final String JAR = Fixtures.testdata().resolve("target/rt-testdata.jar").toString().replace("\\", "/");
    private static final String JAVA = "\"java\": {\"classpath\": [\"" + JAR + "\"], \"build\": \"dev.rt.testdata.probe.Probe\"}";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /server/cors/orign                    | "server": {"cors": {"orign": "*"}}
            /server/cors/origin/regex             | "server": {"cors": {"origin": {"regex": "^https://a"}}}
            /server/cors/origin/1/regex           | "server": {"cors": {"origin": ["https://a", {"regex": "^https://b"}]}}
            /server/ajv/customOptions/coerceType  | "server": {"ajv": {"customOptions": {"coerceType": false}}}
            /server/healthCheck/intervall         | "server": {"healthCheck": {"intervall": 100}}
            /service/openapi/swagerPrefix         | "service": {"openapi": {"swagerPrefix": "/docs"}}
            /service/graphql/graphqi              | "service": {"graphql": {"graphqi": true}}
            """)
    void aServiceRefusesAMisspeltKeyWithItsPointer(String pointer, String settings) throws IOException {
        assertRefused("{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\", " + settings + "}", pointer);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /server/cors         | "server": {"port": 8080, "cors": {"origin": "*"}}
            /server/trustProxy   | "server": {"trustProxy": false}
            /plugins             | "plugins": {"paths": ["plugins"]}
            """)
    void aJavaApplicationRefusesTheSettingsOnlyRtsOwnServerActsOn(String pointer, String settings) throws IOException {
        assertRefused("{" + JAVA + ", " + settings + "}", pointer);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /gateway/openapi/titel                       | "gateway": {"openapi": {"titel": "Shop"}}
            /gateway/applications/0/proxy/prefx          | "gateway": {"applications": [{"id": "a", "origin": "http://a:1", "proxy": {"prefx": "/a"}}]}
            /gateway/applications/0/graphql/endpoint     | "gateway": {"applications": [{"id": "a", "origin": "http://a:1", "graphql": {"endpoint": "/g"}}]}
            /server/cors/maxage                          | "gateway": {}, "server": {"cors": {"maxage": 5}}
            """)
    void aGatewayRefusesAMisspeltKeyWithItsPointer(String pointer, String settings) throws IOException {
        assertRefused("{" + settings + "}", pointer);
    }

    private void assertRefused(String serviceFile, String pointer) throws IOException {
        Files.createDirectories(dir.resolve("api"));
        Files.writeString(dir.resolve("api/rt.json"), serviceFile);
        Files.writeString(dir.resolve("rt.json"), "{\"services\": [{\"id\": \"api\", \"path\": \"api\"}]}");

        assertThatThrownBy(() -> new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty()))
                .isInstanceOfSatisfying(ConfigException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.CONFIG_INVALID);
                    assertThat(e.getMessage()).contains(dir.resolve("api/rt.json") + ": " + pointer
                            + ": is not a known setting");
                });
    }
}
