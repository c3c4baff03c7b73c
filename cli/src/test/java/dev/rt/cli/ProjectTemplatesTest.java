package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.project.ProjectTree;
import dev.rt.cli.project.StagedWrite;
import dev.rt.cli.project.TemplateFiller;
import dev.rt.cli.project.TemplateValues;
import dev.rt.kind.Kind;
import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.db.DbKind;
import dev.rt.kind.java.JavaKind;
import dev.rt.kind.service.ServiceKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind's project template, filled for every combination of its flags. */
class ProjectTemplatesTest {
    @Test
    void everyTemplateFillsForEveryFlagCombinationWithValidJsonAndNoPlaceholderLeft() throws Exception {
        for (Kind kind : List.of(new JavaKind(), new ServiceKind(), new DbKind())) {
            ProjectTemplate template = kind.projectTemplate().orElseThrow();
            List<String> flags = new java.util.ArrayList<>(List.of("plugin"));
            template.options().stream().filter(ProjectTemplate.Option::flag).forEach(o -> flags.add(o.name()));
            for (int combination = 0; combination < 1 << flags.size(); combination++) {
                Map<String, String> values = new HashMap<>(TemplateValues.common(kind.name(), "movie-store",
                        "0.0.0.0", "3042", (combination & 1) != 0));
                template.options().forEach(option -> values.put(option.name(), option.defaultValue()));
                for (int i = 1; i < flags.size(); i++) {
                    values.put(flags.get(i), Boolean.toString((combination & 1 << i) != 0));
                }
                ProjectTree tree = TemplateFiller.fill(template, kind.name(), values, "");
                assertThat(tree.contains("rt.json")).as(kind.name() + " " + values).isTrue();
                for (ProjectTree.Entry entry : tree.entries()) {
                    String text = new String(entry.content(), StandardCharsets.UTF_8);
                    assertThat(text).as(kind.name() + " " + entry.path()).doesNotContain("{{");
                    if (entry.path().endsWith(".json")) {
                        new ObjectMapper().readTree(text);
                    }
                }
            }
        }
    }

    @Test
    void theDbTemplateKeepsTheConnectionStringInDotEnvOnlyAndWritesItsDatabasesKeySql() {
        ProjectTemplate template = new DbKind().projectTemplate().orElseThrow();
        Map<String, String> values = new HashMap<>(TemplateValues.common("db", "catalog", "0.0.0.0", "3042", true));
        values.put("connectionString", "postgres://app:s3cret@db.internal:5432/catalog");
        values.put("migrations", "true");
        ProjectTree tree = TemplateFiller.fill(template, "db", values, "");
        for (ProjectTree.Entry entry : tree.entries()) {
            String text = new String(entry.content(), StandardCharsets.UTF_8);
            if (entry.path().equals(".env")) {
                assertThat(text).contains("DATABASE_URL=postgres://app:s3cret@db.internal:5432/catalog");
            } else {
                assertThat(text).as(entry.path()).doesNotContain("s3cret");
            }
            if (entry.path().equals("migrations/001.do.sql")) {
                assertThat(text).contains("id SERIAL PRIMARY KEY");
            }
        }
        assertThat(tree.entries().stream().map(ProjectTree.Entry::path)).contains("seed.java", "migrations/001.undo.sql",
                "src/test/java/com/example/catalog/MoviesTest.java");
    }

    @Test
    void gitLeavesOutWhatARunningDbServiceWritesBesideItsSqliteFile(@TempDir Path dir) throws Exception {
        Map<String, String> values = new HashMap<>(TemplateValues.common("db", "catalog", "0.0.0.0", "3042", true));
        values.put("connectionString", "sqlite://./db.sqlite");
        values.put("migrations", "true");
        Path project = dir.resolve("catalog");
        StagedWrite.write(TemplateFiller.fill(new DbKind().projectTemplate().orElseThrow(), "db", values, ""), project,
                false);
        // the database in WAL mode, as the kind opens it, with its write-ahead log and shared memory index
        for (String written : List.of("db.sqlite", "db.sqlite-wal", "db.sqlite-shm", "db.sqlite-journal")) {
            Files.writeString(project.resolve(written), "");
        }
        assertThat(git(project, "init", "-q")).isEmpty();
        assertThat(git(project, "status", "--porcelain", "--untracked-files=all", "--", "db.sqlite*")).isEmpty();
    }

    private static String git(Path directory, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(git.exitValue()).as(output).isZero();
        return output;
    }
}
