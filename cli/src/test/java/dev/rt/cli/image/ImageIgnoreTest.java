package dev.rt.cli.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code .imageignore}'s globs as {@code .dockerignore} reads them, and the .env files' secrets left out. */
class ImageIgnoreTest {
    @TempDir
    Path dir;

    @Test
    void aNameWithoutASlashMatchesAtAnyDepthAndATrailingSlashOnlyDirectories() {
        ImageIgnore ignore = ImageIgnore.of(List.of("# a comment", "*.log", "src/", "services/api/notes.txt", "", "/tmp"));

        assertThat(ignore.excludes(Path.of("rt.log"), false)).isTrue();
        assertThat(ignore.excludes(Path.of("services/api/worker.log"), false)).isTrue();
        assertThat(ignore.excludes(Path.of("services/api/src"), true)).isTrue();
        assertThat(ignore.excludes(Path.of("services/api/src"), false)).isFalse();
        assertThat(ignore.excludes(Path.of("services/api/notes.txt"), false)).isTrue();
        assertThat(ignore.excludes(Path.of("services/web/notes.txt"), false)).isFalse();
        assertThat(ignore.excludes(Path.of("tmp"), true)).isTrue();
        assertThat(ignore.excludes(Path.of("services/api/target/classes/A.class"), false)).isFalse();
        assertThat(ignore.excludes(Path.of("a comment"), false)).isFalse();
    }

    @Test
    void withoutTheFileWhatRtCreateWritesApplies() {
        ImageIgnore defaults = ImageIgnore.of(dir);

        assertThat(defaults.excludes(Path.of(".git"), true)).isTrue();
        assertThat(defaults.excludes(Path.of("services/api/src"), true)).isTrue();
        assertThat(defaults.excludes(Path.of("services/api/mvnw"), false)).isTrue();
        assertThat(defaults.excludes(Path.of("services/api/.env"), false)).isFalse();
        assertThat(defaults.excludes(Path.of("rt.json"), false)).isFalse();
    }

    @Test
    void anEnvFileLosesTheLinesOfItsSecretsAndKeepsTheRestAsWritten() throws Exception {
        Path env = dir.resolve(".env");
        Files.writeString(env, "# local values\nPORT=3042\nexport DB_PASSWORD=hunter2\nAPI_TOKEN = \"x y\"\nGREETING='hi'\n");

        assertThat(EnvFiles.withoutSecrets(env, Set.of("DB_PASSWORD", "API_TOKEN")))
                .isEqualTo("# local values\nPORT=3042\nGREETING='hi'\n");
    }
}
