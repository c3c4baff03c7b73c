package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Settings a JVM runtime gives no effect are warned about, once, naming the file and the pointer: the listener
 * settings of a service's own {@code server} where the runtime's decide, {@code useHttp}, {@code sourceMaps}, and
 * what a kind says of its own settings (a gateway's error handler, which its public server's answers cannot run). The
 * entrypoint's own listener settings count where the runtime's {@code server} is silent.
 */
class NoEffectSettingsTest {
    private static final String JAR = Fixtures.testdata().resolve("target/rt-testdata.jar").toString().replace("\\", "/");

    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static String service(String server) {
        return "{\"java\": {\"classpath\": [\"" + JAR + "\"], \"build\": \"dev.rt.testdata.probe.Probe\"}"
                + (server.isEmpty() ? "" : ", \"server\": " + server) + "}";
    }

    private RuntimeConfig load() {
        return new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty());
    }

    @Test
    void theEntrypointsOwnListenerSettingsCountWhereTheRuntimesServerIsSilentAndAreWarnedWhereItSpeaks()
            throws IOException {
        write("api/rt.json", service("{\"hostname\": \"0.0.0.0\", \"port\": 8081, \"http2\": true}"));
        write("back/rt.json", service("{\"port\": 8082}"));
        write("rt.json", "{\"entrypoint\": \"api\", \"server\": {\"port\": 9000}, \"services\": ["
                + "{\"id\": \"api\", \"path\": \"api\"}, {\"id\": \"back\", \"path\": \"back\"}]}");

        RuntimeConfig config = load();

        assertThat(config.server()).isEqualTo(new ServerConfig("0.0.0.0", 9000, true, Optional.empty()));
        assertThat(config.warnings()).containsExactly(
                dir.resolve("api/rt.json") + ": /server/port: not used here: the runtime's server sets it ("
                        + dir.resolve("rt.json") + ": /server/port), which wins for the public listener. It counts"
                        + " when this file runs on its own (rt start -c <file>)",
                dir.resolve("back/rt.json") + ": /server/port: not used here: the service \"back\" is not the"
                        + " entrypoint (\"api\"), so its workers listen on 127.0.0.1 behind rt's mesh"
                        + " (http://back.rt.local); the public listener is the runtime's server ("
                        + dir.resolve("rt.json") + ": /server), else the entrypoint's own server settings. It counts"
                        + " when this file runs on its own (rt start -c <file>)");
    }

    @Test
    void theEntrypointsOwnHttpsFilesAreRelativeToItsOwnFile() throws IOException {
        write("api/rt.json", service("{\"https\": {\"key\": {\"path\": \"tls/key.pem\"}, \"cert\": [\"PEM\"]}}"));
        write("rt.json", "{\"services\": [{\"id\": \"api\", \"path\": \"api\"}]}");

        HttpsConfig https = load().server().https().orElseThrow();

        assertThat(https.keys()).containsExactly(new PemSource.File(dir.resolve("api/tls/key.pem")));
        assertThat(https.certs()).containsExactly(new PemSource.Inline("PEM"));
    }

    @Test
    void withoutAnyServerSettingThePublicListenerKeepsItsDefaultsAndNothingIsWarned() throws IOException {
        write("api/rt.json", service("{}"));
        write("rt.json", "{\"services\": [{\"id\": \"api\", \"path\": \"api\"}]}");

        RuntimeConfig config = load();

        assertThat(config.server()).isEqualTo(new ServerConfig("127.0.0.1", 3042, false, Optional.empty()));
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void aServiceFileRunAloneTakesItsRuntimeServerFirstAndPointsAtItWhereItWrites() throws IOException {
        write("rt.json", service("{\"hostname\": \"0.0.0.0\", \"port\": 8081}").replaceFirst("}$",
                ", \"runtime\": {\"server\": {\"port\": 9000}, \"sourceMaps\": true,"
                        + " \"application\": {\"useHttp\": true, \"sourceMaps\": false}}}"));

        RuntimeConfig config = load();

        Path file = dir.resolve("rt.json");
        assertThat(config.server()).isEqualTo(new ServerConfig("0.0.0.0", 9000, false, Optional.empty()));
        assertThat(config.warnings()).containsExactly(
                file + ": /runtime/sourceMaps: has no effect on the JVM: its stack traces name the Java source file"
                        + " and line already; remove it",
                file + ": /server/port: not used here: the runtime's server sets it (" + file
                        + ": /runtime/server/port), which wins for the public listener. It counts when this file runs on"
                        + " its own (rt start -c <file>)",
                file + ": /runtime/application/useHttp: has no effect: every worker of rt serves HTTP on 127.0.0.1"
                        + " already, and the other services reach it through rt's mesh as http://"
                        + dir.getFileName() + ".rt.local; remove it");
    }

    @Test
    void useHttpOfAnAutoloadMappingIsWarnedAtTheMapping() throws IOException {
        write("packages/api/rt.json", service(""));
        write("rt.json", "{\"autoload\": {\"path\": \"packages\", \"mappings\": {\"api\": {\"id\": \"api\","
                + " \"useHttp\": true}}}}");

        assertThat(load().warnings()).containsExactly(dir.resolve("rt.json") + ": /autoload/mappings/api/useHttp: has no"
                + " effect: every worker of rt serves HTTP on 127.0.0.1 already, and the other services reach it through"
                + " rt's mesh as http://api.rt.local; remove it");
    }

    @Test
    void useHttpAndSourceMapsOfAServiceEntryAreWarnedWhenTrueOnly() throws IOException {
        write("api/rt.json", service(""));
        write("rt.json", "{\"services\": [{\"id\": \"api\", \"path\": \"api\", \"useHttp\": false,"
                + " \"sourceMaps\": true}], \"sourceMaps\": false}");

        assertThat(load().warnings()).containsExactly(dir.resolve("rt.json") + ": /services/0/sourceMaps: has no"
                + " effect on the JVM: its stack traces name the Java source file and line already; remove it");
    }

    @Test
    void anErrorHandlerOfAGatewayWithWorkersIsWarnedAboutTheErrorsOnlyThePublicServerAnswers() throws IOException {
        write("api/rt.json", "{\"$schema\": \"https://schemas.rt.dev/gateway/1.0.0.json\", \"server\":"
                + " {\"errorHandler\": \"com.example.Handler\"}, \"gateway\": {\"applications\": [{\"id\": \"back\","
                + " \"graphql\": true}]}}");
        write("back/rt.json", service(""));
        write("rt.json", "{\"entrypoint\": \"api\", \"services\": [{\"id\": \"api\", \"path\": \"api\"},"
                + " {\"id\": \"back\", \"path\": \"back\"}]}");

        assertThat(load().warnings()).containsExactly(dir.resolve("api/rt.json") + ": /server/errorHandler: answers"
                + " the errors of the gateway's workers (what no application takes); the errors rt's public server"
                + " answers for the requests it routes to applications (408, 413, 502, 503, 504) have rt's JSON body");
    }
}
