package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.read.ConfigFormat;
import dev.rt.config.schema.SchemaCatalog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Bad input of every kind: the golden files mutated byte by byte and edited as trees, random bytes, random syntax,
 * deep nesting, huge strings, placeholder loops. Whatever the input, loading ends in a configuration or in a
 * {@link ConfigException} naming the file and where in it, within {@link ConfigOutcome#LIMIT} (see
 * {@link ConfigOutcome}); never in another exception, a stack overflow or a hang.
 */
class ConfigLoaderFuzzTest {
    private static final List<String> EXTENSIONS = List.of("json", "yml", "yaml", "tml", "toml");
    private static final List<String> FORMATS = List.of("json", "yaml", "toml");
    /** Bytes that mean something to one of the parsers or to the placeholder resolver. */
    private static final List<String> SYNTAX = List.of("{", "}", "[", "]", "\"", "'", ":", ": ", ",", "=", " = ", "\n",
            "\n  ", "- ", "#", "\\", "\\u", "\t", "[[services]]\n", "[services]\n", "{RT_ROOT}", "{RT_API_URL}", "{UNSET}",
            "{", "&a ", "*a", "!!binary ", "<<: ", "---\n", "...", "null", "true", "-1", "0x1F", "1e999", "\"\"\"",
            "'''", "\u0000", "\uFEFF", "\u00e9", "\ud83d\ude00", "services", "id", "path", "java");
    private static final List<String> STRINGS = List.of("", " ", "x", "0", "-1", "1.5", "true", "warn", "4G", "1.5GB",
            "-4G", "{RT_ROOT}", "{RT_ROOT}/..", "{GOLDEN_UNSET}", "{RT_API_URL}", "{A}{B}", "{", "}", "../../../apps/probe",
            "../../../apps", "/", ".", "..", "services", "rt.json", "lib/*", "*", "dev.rt.testdata.probe.Probe",
            "https://schemas.rt.dev/java/1.0.0.json", "https://schemas.rt.dev/runtime/1.0.0.json",
            "https://schemas.rt.dev/runtime/9.9.9.json", "https://schemas.rt.dev/nope/1.0.0.json", "0 25 * * *",
            "* * * * *", "*/5 * * * * *", "GET", "http://api.rt.local", "a b", "A-", "-a", "\u0000", "a\u0000b", "\\",
            "lib/*[", "lib/{a", "classes", "../../../target/rt-testdata.jar", "{RT_ROOT}/../../../target/*");

    private static FuzzSandbox sandbox;

    /** A file of a golden folder to mutate, and the runtime file to load afterwards. */
    record GoldenFile(GoldenCase golden, String relative) {
        @Override
        public String toString() {
            return golden + " mutating " + relative;
        }
    }

    enum NestingPlace { RUNTIME_KEY, ENV_VALUE, SERVICE_FILE }

    enum HugePlace { ENV_VALUE, SERVICE_ID, KEY, SCHEMA_URL, PLACEHOLDER_NAME, DOTENV_VALUE, SERVICE_PATH }

    @BeforeContainer
    static void createSandbox() {
        sandbox = FuzzSandbox.create();
    }

    @AfterContainer
    static void removeSandbox() {
        sandbox.close();
    }

    @Property(tries = 130)
    void mutatedGoldenFileLoadsOrIsRefusedWithFileAndPlace(@ForAll("goldenFiles") GoldenFile target,
            @ForAll("byteMutations") List<ByteMutation> mutations) throws IOException {
        Path folder = sandbox.copy(target.golden().folder());
        try {
            Path file = folder.resolve(target.relative());
            byte[] bytes = Files.readAllBytes(file);
            for (ByteMutation mutation : mutations) {
                bytes = mutation.apply(bytes);
            }
            Files.write(file, bytes);
            ConfigOutcome.load(folder, inCopy(target.golden(), folder), target.golden().env(), sandbox.root());
        } finally {
            FuzzSandbox.delete(folder);
        }
    }

    @Property(tries = 100)
    void editedGoldenTreeLoadsOrIsRefusedWithFileAndPlace(@ForAll("goldenCases") GoldenCase golden,
            @ForAll("treeEdits") List<TreeEdit> edits) throws IOException {
        Path folder = sandbox.copy(golden.folder());
        try {
            Path file = inCopy(golden, folder);
            ObjectNode tree = (ObjectNode) ConfigFormat.of(file).read(file);
            edits.forEach(edit -> edit.apply(tree));
            Path written = write(file, tree);
            ConfigOutcome.load(folder, written, golden.env(), sandbox.root());
        } finally {
            FuzzSandbox.delete(folder);
        }
    }

    @Property(tries = 60)
    void randomBytesAreRefusedWithFileAndPlace(@ForAll @Size(max = 2000) byte[] bytes, @ForAll("extensions") String extension)
            throws IOException {
        Path folder = sandbox.emptyFolder();
        try {
            Path file = Files.write(folder.resolve("rt." + extension), bytes);
            ConfigOutcome.load(folder, file, Map.of(), sandbox.root());
        } finally {
            FuzzSandbox.delete(folder);
        }
    }

    @Property(tries = 60)
    void randomSyntaxLoadsOrIsRefusedWithFileAndPlace(@ForAll("syntaxSoup") String text, @ForAll("extensions") String extension)
            throws IOException {
        Path folder = sandbox.emptyFolder();
        try {
            Path file = Files.writeString(folder.resolve("rt." + extension), text);
            ConfigOutcome.load(folder, file, Map.of(), sandbox.root());
        } finally {
            FuzzSandbox.delete(folder);
        }
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void deeplyNestedInputIsRefusedWithoutOverflowingTheStack(@ForAll("formats") String format, @ForAll boolean arrays,
            @ForAll("depths") int depth, @ForAll NestingPlace place) throws IOException {
        Path folder = sandbox.emptyFolder();
        try {
            String nested = nested(format, arrays, depth);
            boolean toml = format.equals("toml");
            String runtime = switch (place) {
                case RUNTIME_KEY -> toml ? "deep = " + nested + "\n" + tomlService("api", "../../../apps/probe")
                        : "{\"deep\": " + nested + ", \"services\": [{\"id\": \"api\", \"path\": \"../../../apps/probe\"}]}";
                case ENV_VALUE -> toml ? tomlService("api", "../../../apps/probe") + "[services.env]\nDEEP = " + nested + "\n"
                        : "{\"services\": [{\"id\": \"api\", \"path\": \"../../../apps/probe\", \"env\": {\"DEEP\": " + nested + "}}]}";
                case SERVICE_FILE -> toml ? tomlService("api", "svc")
                        : "{\"services\": [{\"id\": \"api\", \"path\": \"svc\"}]}";
            };
            if (place == NestingPlace.SERVICE_FILE) {
                Files.createDirectories(folder.resolve("svc"));
                Files.writeString(folder.resolve("svc/rt." + format), toml ? "[java]\nbuild = \"x.Y\"\nclasspath = " + nested + "\n"
                        : "{\"java\": {\"build\": \"x.Y\", \"classpath\": " + nested + "}}");
            }
            Path file = Files.writeString(folder.resolve("rt." + format), runtime);

            assertThat(ConfigOutcome.load(folder, file, Map.of(), sandbox.root())).as("refused").isEmpty();
        } finally {
            FuzzSandbox.delete(folder);
        }
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void hugeStringsAreLoadedOrRefusedQuickly(@ForAll("formats") String format, @ForAll HugePlace place,
            @ForAll("hugeLengths") int length) throws IOException {
        String huge = "A".repeat(length);
        Path folder = sandbox.emptyFolder();
        try {
            String id = place == HugePlace.SERVICE_ID ? huge : "api";
            String path = place == HugePlace.SERVICE_PATH ? huge : "../../../apps/probe";
            String value = switch (place) {
                case ENV_VALUE -> huge;
                case PLACEHOLDER_NAME -> "{" + huge + "}";
                case DOTENV_VALUE -> "{GOLDEN_HUGE}";
                default -> "x";
            };
            String key = place == HugePlace.KEY ? huge : "KEY";
            String schema = place == HugePlace.SCHEMA_URL ? "https://schemas.rt.dev/runtime/" + huge : "https://schemas.rt.dev/runtime/1.0.0.json";
            if (place == HugePlace.DOTENV_VALUE) {
                Files.writeString(folder.resolve(".env"), "GOLDEN_HUGE=" + huge + "\n");
            }
            String text = format.equals("toml")
                    ? "\"$schema\" = \"" + schema + "\"\n" + tomlService(id, path) + "[services.env]\n\"" + key + "\" = \"" + value + "\"\n"
                    : "{\"$schema\": \"" + schema + "\", \"services\": [{\"id\": \"" + id + "\", \"path\": \"" + path
                            + "\", \"env\": {\"" + key + "\": \"" + value + "\"}}]}";
            Path file = Files.writeString(folder.resolve("rt." + format), text);

            Optional<RuntimeConfig> loaded = ConfigOutcome.load(folder, file, Map.of(), sandbox.root());
            String resolved = switch (place) {
                case ENV_VALUE, DOTENV_VALUE -> huge;
                case PLACEHOLDER_NAME -> "";
                default -> "x";
            };
            loaded.ifPresent(config -> assertThat(config.service(id).orElseThrow().env().get(key)).isEqualTo(resolved));
        } finally {
            FuzzSandbox.delete(folder);
        }
    }

    @Example
    void placeholderLoopsResolveOncePerValue() throws IOException {
        Path folder = sandbox.emptyFolder();
        try {
            Files.writeString(folder.resolve(".env"), "GOLDEN_A={GOLDEN_A}\nGOLDEN_D={GOLDEN_E}\nGOLDEN_E={GOLDEN_D}\n");
            Files.writeString(folder.resolve("api.env"), "GOLDEN_F={GOLDEN_F}{GOLDEN_F}\n");
            Path file = Files.writeString(folder.resolve("rt.json"), """
                    {"runtime": {"strictEnv": true}, "entrypoint": "api", "services": [
                      {"id": "api", "path": "../../../apps/probe", "envfile": "api.env", "env": {
                        "A": "{GOLDEN_A}", "BC": "{GOLDEN_B}{GOLDEN_C}", "DE": "{GOLDEN_D}{GOLDEN_E}",
                        "NESTED": "{{GOLDEN_A}}", "URL": "{RT_API_URL}"}},
                      {"id": "back", "path": "../../../apps/probe"}]}
                    """);
            Map<String, String> env = Map.of("GOLDEN_B", "{GOLDEN_C}", "GOLDEN_C", "{GOLDEN_B}", "RT_API_URL", "{RT_API_URL}");

            RuntimeConfig config = ConfigOutcome.load(folder, file, env, sandbox.root()).orElseThrow();

            assertThat(config.service("api").orElseThrow().env()).containsEntry("A", "{GOLDEN_A}")
                    .containsEntry("BC", "{GOLDEN_C}{GOLDEN_B}").containsEntry("DE", "{GOLDEN_E}{GOLDEN_D}")
                    .containsEntry("NESTED", "{{GOLDEN_A}}").containsEntry("URL", "{RT_API_URL}")
                    .containsEntry("GOLDEN_F", "{GOLDEN_F}{GOLDEN_F}");
        } finally {
            FuzzSandbox.delete(folder);
        }
    }

    @Example
    void placeholderLoopInAServiceFileIsRefusedWithItsPointer() throws IOException {
        Path folder = sandbox.emptyFolder();
        try {
            Files.createDirectories(folder.resolve("svc"));
            Files.writeString(folder.resolve("svc/.env"), "GOLDEN_G={GOLDEN_G}\n");
            Files.writeString(folder.resolve("svc/rt.json"), "{\"java\": {\"classpath\": [\"{GOLDEN_G}\"], \"build\": \"x.Y\"}}");
            Path file = Files.writeString(folder.resolve("rt.json"), "{\"services\": [{\"id\": \"api\", \"path\": \"svc\"}]}");

            assertThat(ConfigOutcome.load(folder, file, Map.of(), sandbox.root())).isEmpty();
            ConfigException refused = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                    () -> new RuntimeConfigLoader(Map.of(), folder).load(Optional.of(file)));
            assertThat(refused).hasMessage(folder.resolve("svc/rt.json") + ": /java/classpath/0: \"{GOLDEN_G}\" does not exist "
                    + "(looked for " + folder.resolve("svc/{GOLDEN_G}") + ")");
        } finally {
            FuzzSandbox.delete(folder);
        }
    }

    @Provide
    Arbitrary<GoldenFile> goldenFiles() {
        List<GoldenFile> files = new ArrayList<>();
        GoldenCase.all("valid").forEach(golden -> {
            try (Stream<Path> tree = Files.walk(golden.folder())) {
                tree.filter(Files::isRegularFile)
                        .map(file -> golden.folder().relativize(file).toString())
                        .filter(name -> !name.equals("expected.json") && !name.equals("env.properties") && !name.endsWith(".md"))
                        .forEach(name -> files.add(new GoldenFile(golden, name)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return Arbitraries.of(files);
    }

    @Provide
    Arbitrary<GoldenCase> goldenCases() {
        return Arbitraries.of(GoldenCase.all("valid").toList());
    }

    @Provide
    Arbitrary<List<ByteMutation>> byteMutations() {
        Arbitrary<byte[]> bytes = Arbitraries.oneOf(
                Arbitraries.of(SYNTAX).map(token -> token.getBytes(StandardCharsets.UTF_8)),
                Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(8));
        return Combinators.combine(Arbitraries.of(ByteMutation.Kind.class), Arbitraries.doubles().between(0, 1),
                        Arbitraries.integers().between(1, 40), bytes)
                .as(ByteMutation::new).list().ofMinSize(1).ofMaxSize(4);
    }

    @Provide
    Arbitrary<List<TreeEdit>> treeEdits() {
        return Combinators.combine(Arbitraries.of(TreeEdit.Kind.class), Arbitraries.integers().between(0, 500), keys(), values(2))
                .as(TreeEdit::new).list().ofMinSize(1).ofMaxSize(5);
    }

    @Provide
    Arbitrary<String> extensions() {
        return Arbitraries.of(EXTENSIONS);
    }

    @Provide
    Arbitrary<String> formats() {
        return Arbitraries.of(FORMATS);
    }

    /** Just within the parsers' nesting limit (so the loader's own recursion meets it), and far beyond. */
    @Provide
    Arbitrary<Integer> depths() {
        return Arbitraries.of(ConfigFormat.MAX_NESTING_DEPTH - 2, 1_500, 10_000, 100_000);
    }

    /** Just under the size a configuration file may have, and a few megabytes. */
    @Provide
    Arbitrary<Integer> hugeLengths() {
        return Arbitraries.of(ConfigFormat.MAX_BYTES - 200, 4 << 20);
    }

    @Provide
    Arbitrary<String> syntaxSoup() {
        return Arbitraries.oneOf(Arbitraries.of(SYNTAX), Arbitraries.of(STRINGS), Arbitraries.strings().ofMaxLength(6))
                .list().ofMaxSize(60).map(tokens -> String.join("", tokens));
    }

    /** Every setting name the schemas know, and some they do not. */
    private static Arbitrary<String> keys() {
        TreeSet<String> known = new TreeSet<>();
        for (ConfigKind kind : ConfigKind.values()) {
            collectPropertyNames(SchemaCatalog.get().document(kind), known);
        }
        return Arbitraries.oneOf(Arbitraries.of(List.copyOf(known)), Arbitraries.of(STRINGS),
                Arbitraries.strings().ofMaxLength(10));
    }

    private static void collectPropertyNames(JsonNode schema, TreeSet<String> names) {
        schema.path("properties").fieldNames().forEachRemaining(names::add);
        schema.elements().forEachRemaining(child -> collectPropertyNames(child, names));
    }

    private static Arbitrary<JsonNode> values(int depth) {
        Arbitrary<JsonNode> scalars = Arbitraries.oneOf(
                Arbitraries.of(STRINGS).map(TextNode::valueOf),
                Arbitraries.strings().ofMaxLength(12).map(TextNode::valueOf),
                Arbitraries.longs().map(LongNode::valueOf),
                Arbitraries.integers().between(-2, 70_000).map(IntNode::valueOf),
                Arbitraries.doubles().map(DoubleNode::valueOf),
                Arbitraries.of(BooleanNode.TRUE, BooleanNode.FALSE, NullNode.instance,
                        DecimalNode.valueOf(new BigDecimal("1e400")), DecimalNode.valueOf(new BigDecimal("0.999999999999999999999"))));
        if (depth == 0) {
            return scalars;
        }
        Arbitrary<JsonNode> arrays = values(depth - 1).list().ofMaxSize(3).map(list -> {
            ArrayNode array = JsonNodeFactory.instance.arrayNode();
            list.forEach(array::add);
            return array;
        });
        Arbitrary<JsonNode> objects = Arbitraries.maps(keys(), values(depth - 1)).ofMaxSize(3).map(map -> {
            ObjectNode object = JsonNodeFactory.instance.objectNode();
            map.forEach(object::set);
            return object;
        });
        return Arbitraries.frequencyOf(Tuple.of(6, scalars), Tuple.of(1, arrays), Tuple.of(2, objects));
    }

    /** The golden case's runtime file, in the copy of its folder. */
    private static Path inCopy(GoldenCase golden, Path folder) {
        return folder.resolve(golden.folder().relativize(golden.file()).toString());
    }

    /** Writes an edited tree in its file's format; a tree TOML cannot hold (nulls, say) is written as JSON beside it. */
    private static Path write(Path file, ObjectNode tree) throws IOException {
        ObjectMapper mapper = ConfigFormat.of(file).mapper();
        try {
            return Files.write(file, mapper.writeValueAsBytes(tree));
        } catch (IOException | RuntimeException e) {
            if (ConfigFormat.of(file) != ConfigFormat.TOML) {
                throw e;
            }
            return Files.write(file.resolveSibling("fuzzed.json"), ConfigFormat.JSON.mapper().writeValueAsBytes(tree));
        }
    }

    private static String nested(String format, boolean arrays, int depth) {
        String open = arrays ? "[" : format.equals("toml") ? "{a = " : "{\"a\": ";
        String close = arrays ? "]" : "}";
        return open.repeat(depth) + (arrays ? "" : "1") + close.repeat(depth);
    }

    private static String tomlService(String id, String path) {
        return "[[services]]\nid = \"" + id + "\"\npath = \"" + path + "\"\n";
    }
}
