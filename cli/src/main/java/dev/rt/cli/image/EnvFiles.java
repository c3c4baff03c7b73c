package dev.rt.cli.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code .env} files that go into an image: each as it is, less the lines that set a secret variable
 * ({@code image.secrets}), whose values come from the container's environment instead (a Kubernetes Secret). Lines are
 * kept as written, so that the copy reads exactly as the original did for every variable it keeps.
 */
final class EnvFiles {
    static final String NAME = ".env";
    private static final Pattern ASSIGNMENT = Pattern.compile("^\\s*(?:export\\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\\s*=");

    private EnvFiles() {
    }

    /** The text of {@code file} without the assignments to {@code secrets}. */
    static String withoutSecrets(Path file, Set<String> secrets) throws IOException {
        List<String> lines = Files.readAllLines(file);
        StringBuilder kept = new StringBuilder();
        for (String line : lines) {
            Matcher assignment = ASSIGNMENT.matcher(line);
            if (assignment.find() && secrets.contains(assignment.group(1))) {
                continue;
            }
            kept.append(line).append('\n');
        }
        return kept.toString();
    }
}
