package dev.rt.config.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.error.ConfigException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code .env} files read as the {@code dotenv} package reads them, checked against that package run by Node. */
class DotEnvTest {
    private static final Path FILE = Path.of("/srv/app/.env");

    @TempDir
    Path work;

    private static Map<String, String> parse(String text) {
        return DotEnv.parse(FILE, text);
    }

    @Test
    void escapesInDoubleQuotesAreReadLeftToRight() {
        assertThat(parse("A=\"C:\\\\new\"\nB=\"say \\\"hi\\\"\"\nC=\"one\\ntwo\\r\"\nD=\"\\d+ \\t\"\n"))
                .containsExactly(Map.entry("A", "C:\\new"), Map.entry("B", "say \"hi\""), Map.entry("C", "one\ntwo\r"),
                        Map.entry("D", "\\d+ \\t"));
    }

    @Test
    void aCommentAfterAQuotedValueIsNotPartOfIt() {
        assertThat(parse("A=\"a\" # note\nB='b c'#x\nC=`c`   \nD=plain # note\nE=x#y\nF=\"#kept\"\n"))
                .containsExactly(Map.entry("A", "a"), Map.entry("B", "b c"), Map.entry("C", "c"), Map.entry("D", "plain"),
                        Map.entry("E", "x"), Map.entry("F", "#kept"));
    }

    @Test
    void quotedValuesSpanLinesAndLaterLinesKeepTheirNumbers() {
        assertThat(parse("KEY=\"-----BEGIN KEY-----\nabc\n-----END KEY-----\"\r\nexport NEXT='a\nb' # c\nEMPTY=\n"))
                .containsExactly(Map.entry("KEY", "-----BEGIN KEY-----\nabc\n-----END KEY-----"),
                        Map.entry("NEXT", "a\nb"), Map.entry("EMPTY", ""));
        assertThatThrownBy(() -> parse("A=\"x\ny\"\nB='z\n\nnot a line\n")).isInstanceOf(ConfigException.class)
                .hasMessage("/srv/app/.env:3: the value's ' quote is never closed");
        assertThatThrownBy(() -> parse("A=\"x\ny\"\nnot a line\n"))
                .hasMessage("/srv/app/.env:3: expected KEY=VALUE, found \"not a line\"");
        assertThatThrownBy(() -> parse("\nA=\"x\ny\" z\n"))
                .hasMessage("/srv/app/.env:3: unexpected \"z\" after the closing \" quote (a comment starts with #)");
    }

    @Test
    void generatedFilesReadAsNodesDotenvReadsThem() throws Exception {
        Random random = new Random(6);
        List<String> files = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            files.add(generated(random));
        }
        List<Map<String, String>> expected = NodeDotenv.parse(work, files);
        for (int i = 0; i < files.size(); i++) {
            assertThat(parse(files.get(i))).as("<%s>", files.get(i)).isEqualTo(expected.get(i));
        }
    }

    private static String generated(Random random) {
        StringBuilder out = new StringBuilder();
        String newline = random.nextInt(4) == 0 ? "\r\n" : "\n";
        for (int i = random.nextInt(8); i >= 0; i--) {
            switch (random.nextInt(7)) {
                case 0 -> out.append(random.nextBoolean() ? "" : "  ").append(newline);
                case 1 -> out.append("# ").append(run(random, "abc =\"'#")).append(newline);
                default -> out.append(random.nextInt(4) == 0 ? "export " : "").append(key(random))
                        .append(random.nextBoolean() ? "=" : " = ").append(value(random, newline))
                        .append(random.nextInt(3) == 0 ? " # note" : random.nextBoolean() ? "  " : "").append(newline);
            }
        }
        return out.toString();
    }

    private static String key(Random random) {
        return "K" + "ABC_1".charAt(random.nextInt(5)) + "ABC".charAt(random.nextInt(3));
    }

    private static String value(Random random, String newline) {
        return switch (random.nextInt(4)) {
            case 0 -> "\"" + doubleQuoted(random, newline) + "\"";
            case 1 -> "'" + run(random, "ab c\"#`=\n") + "'";
            case 2 -> "`" + run(random, "ab c\"'#=") + "`";
            default -> run(random, "ab c=:/.-");
        };
    }

    private static String doubleQuoted(Random random, String newline) {
        StringBuilder out = new StringBuilder();
        for (int i = random.nextInt(8); i > 0; i--) {
            out.append(switch (random.nextInt(6)) {
                case 0 -> "\\n";
                case 1 -> "\\" + "rtx".charAt(random.nextInt(3));
                case 2 -> newline;
                default -> String.valueOf("ab c'#=`".charAt(random.nextInt(8)));
            });
        }
        return out.toString();
    }

    private static String run(Random random, String alphabet) {
        StringBuilder out = new StringBuilder();
        for (int i = random.nextInt(7); i > 0; i--) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    /** The {@code dotenv} package, installed with npm into {@code target/node-dotenv} once, run by the machine's Node. */
    static final class NodeDotenv {
        static final String VERSION = "18.0.10";

        private NodeDotenv() {
        }

        static List<Map<String, String>> parse(Path work, List<String> files) throws Exception {
            Path tools = Path.of("target", "node-dotenv").toAbsolutePath();
            if (!Files.isRegularFile(tools.resolve("node_modules/dotenv/package.json"))) {
                Files.createDirectories(tools);
                run(tools, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", tools.toString(),
                        "dotenv@" + VERSION);
            }
            ObjectMapper json = new ObjectMapper();
            Path input = work.resolve("inputs.json");
            json.writeValue(input.toFile(), files);
            Files.writeString(work.resolve("parse.cjs"), "const dotenv = require(process.argv[2])\n"
                    + "const inputs = JSON.parse(require('fs').readFileSync(process.argv[3], 'utf8'))\n"
                    + "process.stdout.write(JSON.stringify(inputs.map(text => dotenv.parse(Buffer.from(text)))))\n");
            String output = run(work, "node", "parse.cjs", tools.resolve("node_modules/dotenv").toString(),
                    input.toString());
            return json.readValue(output, new TypeReference<>() { });
        }

        private static String run(Path directory, String... command) throws Exception {
            Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor()).as(String.join(" ", command) + "\n" + output).isZero();
            return output;
        }
    }
}
