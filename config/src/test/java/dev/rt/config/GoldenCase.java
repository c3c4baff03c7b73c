package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.install.ConfigKind;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * One golden configuration under {@code testdata/configs/<valid|invalid>/<rule>/}: a folder, the runtime file
 * loaded from it (empty: looked up without {@code -c}), and the "real environment" of {@code env.properties}.
 *
 * <p>A folder yields one case per {@code rt.*} file at its top (a rule written in several formats), unless its
 * {@code expected.json} names one with {@code "config"} (a path relative to the folder) or asks for
 * {@code "lookup": true}. Invalid folders hold {@code expected.txt}, or {@code expected.<ext>.txt} where the
 * message differs by format; valid ones hold {@code expected.json}. In both, {@code {dir}} stands for the
 * folder's absolute path, {@code {file}} for the runtime file's, {@code {kinds}} for the application kinds.
 */
record GoldenCase(Path folder, Optional<Path> config, Map<String, String> env) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Path root() {
        return Fixtures.testdata().resolve("configs");
    }

    /** Every case of {@code valid} or {@code invalid}, by folder name then file name. */
    static Stream<GoldenCase> all(String outcome) {
        return folders(outcome).flatMap(GoldenCase::casesOf);
    }

    static Stream<Path> folders(String outcome) {
        try (Stream<Path> folders = Files.list(root().resolve(outcome))) {
            return folders.filter(Files::isDirectory).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<GoldenCase> casesOf(Path folder) {
        Map<String, String> env = env(folder);
        JsonNode facts = facts(folder);
        if (facts.path("lookup").asBoolean(false)) {
            return Stream.of(new GoldenCase(folder, Optional.empty(), env));
        }
        if (facts.path("config").isTextual()) {
            return Stream.of(new GoldenCase(folder, Optional.of(folder.resolve(facts.get("config").textValue())), env));
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().startsWith("rt."))
                    .sorted()
                    .map(file -> new GoldenCase(folder, Optional.of(file), env))
                    .toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> env(Path folder) {
        Path file = folder.resolve("env.properties");
        Map<String, String> env = new TreeMap<>();
        if (Files.isRegularFile(file)) {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file)) {
                properties.load(reader);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            properties.stringPropertyNames().forEach(name -> env.put(name, properties.getProperty(name)));
        }
        return env;
    }

    private static JsonNode facts(Path folder) {
        Path file = folder.resolve("expected.json");
        try {
            return Files.isRegularFile(file) ? JSON.readTree(file.toFile()) : MissingNode.getInstance();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    RuntimeConfig load() {
        return new RuntimeConfigLoader(env, folder).load(config);
    }

    String rule() {
        return folder.getFileName().toString();
    }

    /** The runtime file this case reads; for a lookup case, the one named by {@code "file"} in expected.json. */
    Path file() {
        return config.orElseGet(() -> folder.resolve(facts().path("file").asText("rt.json")));
    }

    JsonNode facts() {
        return facts(folder);
    }

    /** The expected error message, tokens replaced, without the final newline. */
    String expectedMessage() {
        String name = file().getFileName().toString();
        Path specific = folder.resolve("expected." + name.substring(name.lastIndexOf('.') + 1) + ".txt");
        Path file = Files.isRegularFile(specific) ? specific : folder.resolve("expected.txt");
        try {
            return substitute(Files.readString(file).stripTrailing());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code {kinds}} and {@code {kinds-or}} stand for the application kinds as rt lists them (installed, then
     * announced): which are installed when this module's tests run depends on what the build packaged before (the db
     * kind, which reads configurations with this module, comes after it).
     */
    String substitute(String text) {
        return text.replace("{dir}", folder.toString()).replace("{file}", file().toString())
                .replace("{kinds-or}", ConfigPipeline.oneOf(ConfigKind.applicationKeys(), "or"))
                .replace("{kinds}", String.join(", ", ConfigKind.applicationKeys()));
    }

    /** A path of expected.json: relative to the folder, after tokens. */
    Path path(String text) {
        return folder.resolve(substitute(text)).normalize();
    }

    @Override
    public String toString() {
        return rule() + "/" + config.map(file -> folder.relativize(file).toString()).orElse("(lookup)");
    }
}
