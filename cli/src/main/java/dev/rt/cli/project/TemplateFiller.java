package dev.rt.cli.project;

import dev.rt.kind.ProjectTemplate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a {@link ProjectTemplate} into files: those whose conditions hold, with every {@code {{name}}} placeholder of
 * their path and text replaced. A placeholder without a value, or two files at one path, is the kind's bug and stops
 * the creation before anything is written.
 */
public final class TemplateFiller {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z][A-Za-z0-9]*)}}");

    private TemplateFiller() {
    }

    /** The files of {@code template} under {@code base} (a relative directory, or empty), filled with {@code values}. */
    public static ProjectTree fill(ProjectTemplate template, String kind, Map<String, String> values, String base) {
        Map<String, String> all = new HashMap<>(values);
        all.putAll(template.derived().apply(Map.copyOf(values)));
        ProjectTree tree = new ProjectTree();
        for (ProjectTemplate.File file : template.files()) {
            if (file.when().isPresent() && !holds(file.when().get(), all, kind)) {
                continue;
            }
            String path = fill(file.path(), all, kind, file.path());
            tree.add(base.isEmpty() ? path : base + "/" + path, fill(file.text(), all, kind, file.path()), false);
        }
        return tree;
    }

    private static boolean holds(String conditions, Map<String, String> values, String kind) {
        for (String condition : List.of(conditions.split(","))) {
            boolean negated = condition.startsWith("!");
            String flag = negated ? condition.substring(1) : condition;
            String value = values.get(flag);
            if (value == null) {
                throw new IllegalStateException("the " + kind + " kind's project template tests \"" + flag
                        + "\", which is neither a common value nor one of its options");
            }
            if (Boolean.parseBoolean(value) == negated) {
                return false;
            }
        }
        return true;
    }

    static String fill(String text, Map<String, String> values, String kind, String file) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new IllegalStateException("the " + kind + " kind's project template " + file + " uses {{"
                        + matcher.group(1) + "}}, which has no value");
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }
}
