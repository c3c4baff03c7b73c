package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import dev.rt.cli.output.ExitCodes;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code rt start -c <file>} as a separate process on every invalid golden configuration of
 * {@code testdata/configs/invalid} (the layout is described in the supervisor's {@code GoldenCase}): exit status 3,
 * the expected message on stderr with each line prefixed {@code rt: }, no stack trace, and no worker JVM started.
 */
class InvalidConfigIT {
    private static final Duration EXIT = Duration.ofSeconds(30);

    /** One runtime file of an invalid folder, with the folder's env.properties and its expected message. */
    record Case(Path folder, Path file, Map<String, String> env) {
        String expectedStderr() {
            String name = file.getFileName().toString();
            Path specific = folder.resolve("expected." + name.substring(name.lastIndexOf('.') + 1) + ".txt");
            Path expected = Files.isRegularFile(specific) ? specific : folder.resolve("expected.txt");
            try {
                return Files.readString(expected).stripTrailing()
                        .replace("{dir}", folder.toString()).replace("{file}", file.toString())
                        .replace("{kinds-or}", oneOf(installedKinds()))
                        .replace("{kinds}", String.join(", ", installedKinds()))
                        .lines().map(line -> "rt: " + line).collect(Collectors.joining("\n"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return folder.getFileName() + "/" + file.getFileName();
        }
    }

    /** The distribution's kinds as rt lists them: its kind directories by name, each followed by its aliases. */
    static List<String> installedKinds() throws IOException {
        Path kinds = RtProcess.cliJar().getParent().resolveSibling("kinds");
        List<String> names = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(kinds)) {
            for (Path dir : dirs.filter(d -> Files.isDirectory(d.resolve("lib"))).sorted().toList()) {
                names.add(dir.getFileName().toString());
                Path aliases = dir.resolve("aliases");
                if (Files.isRegularFile(aliases)) {
                    Files.readAllLines(aliases).stream().map(String::strip)
                            .filter(alias -> alias.matches("[a-z0-9]+")).forEach(names::add);
                }
            }
        }
        return names;
    }

    private static String oneOf(List<String> words) {
        return words.size() < 2 ? String.join("", words)
                : String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
    }

    static Stream<Case> invalidCases() throws IOException {
        try (Stream<Path> folders = Files.list(Fixtures.testdata().resolve("configs/invalid"))) {
            return folders.filter(Files::isDirectory).sorted().flatMap(InvalidConfigIT::casesOf).toList().stream();
        }
    }

    private static Stream<Case> casesOf(Path folder) {
        Map<String, String> env = env(folder);
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().startsWith("rt.")).sorted()
                    .map(file -> new Case(folder, file, env)).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> env(Path folder) {
        Map<String, String> env = new TreeMap<>();
        Path file = folder.resolve("env.properties");
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCases")
    void startRefusesTheConfigurationWithExitThreeAndTheExpectedMessage(Case invalid) throws Exception {
        try (RtProcess rt = RtProcess.start(invalid.folder(), invalid.env(), "start", "-c", invalid.file().toString())) {
            assertThat(rt.awaitExit(EXIT)).as("exit status; stderr:\n%s", rt.stderr()).isEqualTo(ExitCodes.CONFIG);
            rt.awaitOutputEnd(EXIT);

            assertThat(rt.stderr()).isEqualTo(invalid.expectedStderr()).doesNotContain("\tat ").doesNotContain("Exception");
            assertThat(rt.stdout()).doesNotContain("Starting the worker");
            assertThat(rt.workerPids()).isEmpty();
        }
    }

    @Test
    void checkRefusesAnInvalidConfigurationAsStartDoes() throws Exception {
        Case invalid = invalidCases().filter(c -> c.toString().equals("entrypoint-names-nothing/rt.json")).findFirst().orElseThrow();
        try (RtProcess rt = RtProcess.start(invalid.folder(), invalid.env(), "start", "--check", "-c", invalid.file().toString())) {
            assertThat(rt.awaitExit(EXIT)).isEqualTo(ExitCodes.CONFIG);
            rt.awaitOutputEnd(EXIT);

            assertThat(rt.stderr()).isEqualTo(invalid.expectedStderr());
            assertThat(rt.stdout()).isEmpty();
        }
    }

    @Test
    void checkLoadsAValidConfigurationPrintsASummaryAndStartsNothing() throws Exception {
        Path folder = Fixtures.testdata().resolve("configs/valid/strict-env-warn");
        Path file = folder.resolve("rt.json");
        try (RtProcess rt = RtProcess.start(folder, Map.of(), "start", "--check", "-c", file.toString())) {
            assertThat(rt.awaitExit(EXIT)).isEqualTo(ExitCodes.OK);
            rt.awaitOutputEnd(EXIT);

            assertThat(rt.stdout()).isEqualTo(file + ": valid; 2 services, entrypoint \"api\", 2 workers");
            assertThat(rt.stderr()).isEqualTo("rt: warning: " + file + ": the configuration references these environment "
                    + "variables, which are not set: GOLDEN_ALPHA, GOLDEN_ZULU\n"
                    + "rt: warning: " + file + ": the configuration references these environment variables, which are not "
                    + "set and have been replaced by a fallback value: RT_BACK_URL");
            assertThat(rt.workerPids()).isEmpty();
        }
    }
}
