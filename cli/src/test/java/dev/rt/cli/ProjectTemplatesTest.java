package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.project.ProjectTree;
import dev.rt.cli.project.TemplateFiller;
import dev.rt.cli.project.TemplateValues;
import dev.rt.kind.Kind;
import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.db.DbKind;
import dev.rt.kind.java.JavaKind;
import dev.rt.kind.service.ServiceKind;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
