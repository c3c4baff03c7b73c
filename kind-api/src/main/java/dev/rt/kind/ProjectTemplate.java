package dev.rt.kind;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The project {@code rt create} writes for a new application of a kind: its files as templates, and the options
 * beyond the common ones that fill them. A template's text and path hold placeholders {@code {{name}}}: the common
 * values rt gives every kind ({@code id}, {@code className}, {@code package}, {@code packagePath}, {@code groupId},
 * {@code rtVersion}, {@code javaRelease}, {@code hostname}, {@code port}, and {@code plugin} as {@code true} or
 * {@code false}) and this template's own options, by name. A placeholder without a value is an error, never left in.
 *
 * @param defaultId the id of a new application when none is given (for example {@code api})
 * @param options   the options of {@code rt <kind> create} beyond the common ones, in the order offered
 * @param files     the files, in order; their paths relative to the application's directory
 * @param derived   more placeholder values the kind computes from the others (every value, common and its own,
 *                  by name), for example the SQL of a key column from the connection string's database
 */
public record ProjectTemplate(String defaultId, List<Option> options, List<File> files,
        UnaryOperator<Map<String, String>> derived) {
    public ProjectTemplate {
        Objects.requireNonNull(defaultId, "defaultId");
        options = List.copyOf(options);
        files = List.copyOf(files);
        Objects.requireNonNull(derived, "derived");
    }

    /** A template whose placeholders are the common values and its options only. */
    public ProjectTemplate(String defaultId, List<Option> options, List<File> files) {
        this(defaultId, options, files, values -> Map.of());
    }

    /** The same template with values it derives from the others. */
    public ProjectTemplate deriving(UnaryOperator<Map<String, String>> derivation) {
        return new ProjectTemplate(defaultId, options, files, derivation);
    }

    /**
     * An option of the kind's {@code create} command, offered as {@code --<name>} (and its kebab-case spelling).
     *
     * @param name         its name, a Java identifier: the placeholder {@code {{name}}} and a file's condition
     * @param description  its help text
     * @param defaultValue its value when not given; for a flag {@code true} or {@code false}
     * @param flag         whether it is a boolean, also given as {@code --no-<name>}
     */
    public record Option(String name, String description, String defaultValue, boolean flag) {
        public Option {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(description, "description");
            Objects.requireNonNull(defaultValue, "defaultValue");
        }
    }

    /**
     * One file of the project.
     *
     * @param path       where it goes, relative to the application's directory; may hold placeholders
     * @param text       its content, with placeholders
     * @param when       the flags (common or the template's), separated by commas, that must all be true for the
     *                   file to be written ({@code plugin,!migrations}: a leading {@code !} wants it false); empty
     *                   for always
     */
    public record File(String path, String text, Optional<String> when) {
        public File {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(when, "when");
        }
    }

    /**
     * A template kept as resources beside {@code owner}: {@code <folder>/files} lists one file a line, as
     * {@code <path> = <resource> [if <flags>]} (resource relative to the folder; blank lines and lines starting
     * with {@code #} skipped), and each resource holds a file's text.
     *
     * @throws IllegalStateException when the index or a resource it names is missing from the kind's jar
     */
    public static ProjectTemplate fromResources(Class<?> owner, String folder, String defaultId, List<Option> options) {
        List<File> files = new ArrayList<>();
        for (String line : read(owner, folder + "/files").split("\n")) {
            String entry = line.strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            String[] parts = entry.split("\\s+");
            if (parts.length < 3 || !parts[1].equals("=") || !(parts.length == 3 || parts.length == 5 && parts[3].equals("if"))) {
                throw new IllegalStateException(folder + "/files: \"" + entry + "\" is not <path> = <resource> [if <flags>]");
            }
            Optional<String> when = parts.length == 5 ? Optional.of(parts[4]) : Optional.empty();
            files.add(new File(parts[0], read(owner, folder + "/" + parts[2]), when));
        }
        return new ProjectTemplate(defaultId, options, files);
    }

    private static String read(Class<?> owner, String resource) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the project template " + resource + " is missing beside " + owner.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the project template " + resource, e);
        }
    }
}
