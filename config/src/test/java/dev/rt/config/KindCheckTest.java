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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kind's checks ({@code Kind.check}) run wherever a service's configuration is read, class path asked or not:
 * the commands that work on a service without running it ({@code rt db migrations}, {@code rt <kind> ...}) refuse
 * what {@code rt start} refuses, with the same file and pointer.
 */
class KindCheckTest {
    @TempDir
    Path dir;

    @BeforeEach
    void aServiceWhoseCorsPatternDoesNotCompile() throws IOException {
        Files.createDirectories(dir.resolve("api"));
        Files.writeString(dir.resolve("api/rt.json"), "{\"service\": {}, \"server\": {\"cors\": {\"origin\": {\"regexp\": \"[\"}}}}");
        Files.writeString(dir.resolve("rt.json"), "{\"services\": [{\"id\": \"api\", \"path\": \"api\"}]}");
    }

    private void assertRefused(RuntimeConfigLoader loader) {
        assertThatThrownBy(() -> loader.load(Optional.empty())).isInstanceOfSatisfying(ConfigException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(ErrorCode.CONFIG_INVALID);
            assertThat(e.getMessage()).startsWith(dir.resolve("api/rt.json") + ": /server/cors/origin/regexp: \"[\" is"
                    + " not a regular expression");
        });
    }

    @Test
    void startRefusesIt() {
        assertRefused(new RuntimeConfigLoader(Map.of(), dir));
    }

    @Test
    void aCommandThatAsksForNoClassPathRefusesItToo() {
        assertRefused(new RuntimeConfigLoader(Map.of(), dir).withoutClassPaths());
    }

    @Test
    void theKindsConfigurationReaderRefusesItToo() {
        assertThatThrownBy(() -> new KindConfigurationReader().services(Optional.of(dir), dir))
                .isInstanceOf(ConfigException.class).hasMessageContaining(": /server/cors/origin/regexp: ");
    }
}
