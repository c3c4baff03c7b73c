package dev.rt.kind.db.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rt db ...} reads the service's configuration as {@code rt start} does: its schema (the db kind's, with the
 * service kind's server) refuses a misspelt key, and the kind's checks refuse what it does not do, with the file and
 * the pointer, before any database is touched.
 */
class ConfigurationChecksTest {
    private static String previousKindsPath;

    @TempDir
    Path dir;

    @BeforeAll
    static void install() throws Exception {
        previousKindsPath = System.getProperty("rt.kinds.path");
        CommandRunner.installKind(Path.of("target", "test-kinds-db").toAbsolutePath());
    }

    @AfterAll
    static void uninstall() {
        if (previousKindsPath == null) {
            System.clearProperty("rt.kinds.path");
        } else {
            System.setProperty("rt.kinds.path", previousKindsPath);
        }
    }

    private CommandRunner.Result migrate(String db) throws Exception {
        Files.writeString(dir.resolve("rt.json"), "{\"db\": {\"connectionString\": \"sqlite://./db.sqlite\", " + db
                + "}, \"migrations\": {\"dir\": \"migrations\"}}");
        return CommandRunner.run("migrations", "apply", "-c", dir.toString());
    }

    @Test
    void migrationsRefuseWhatTheKindRefusesAtStart() throws Exception {
        CommandRunner.Result result = migrate("\"openapi\": {\"prefix\": \"/api\"}");

        assertThat(result.status()).isEqualTo(3);
        assertThat(result.err()).startsWith("rt: " + dir.resolve("rt.json") + ": /db/openapi/prefix: the entities'"
                + " routes are served at the service's root");
        assertThat(dir.resolve("db.sqlite")).doesNotExist();
    }

    @Test
    void aMisspeltOpenApiKeyIsRefusedWithItsPointer() throws Exception {
        CommandRunner.Result result = migrate("\"openapi\": {\"swagerPrefix\": \"/docs\"}");

        assertThat(result.status()).isEqualTo(3);
        assertThat(result.err()).contains(dir.resolve("rt.json") + ": /db/openapi/swagerPrefix: is not a known setting");
    }

    @Test
    void aMisspeltServerKeyIsRefusedWithItsPointer() throws Exception {
        Files.writeString(dir.resolve("rt.json"), "{\"db\": {\"connectionString\": \"sqlite://./db.sqlite\"},"
                + " \"server\": {\"cors\": {\"orgin\": \"*\"}}, \"migrations\": {\"dir\": \"migrations\"}}");

        CommandRunner.Result result = CommandRunner.run("migrations", "apply", "-c", dir.toString());

        assertThat(result.status()).isEqualTo(3);
        assertThat(result.err()).contains(dir.resolve("rt.json") + ": /server/cors/orgin: is not a known setting");
    }
}
