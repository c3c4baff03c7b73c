package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.rt.config.read.ConfigNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code jvmOptions} as a string is split as a POSIX shell splits words: checked against {@code /bin/sh} itself, on
 * generated strings that mix unquoted, single-quoted and double-quoted parts, escapes and line continuations.
 */
class ShellWordsTest {
    private static final String PLAIN = "abcdXYZ019-_=.:/,+@%";
    /** What may follow a backslash outside quotes: anything, specials included. */
    private static final String ESCAPABLE = PLAIN + " \t'\"\\$`;|&<>()*?[]~#!";
    /** What may follow a backslash inside double quotes: the five it escapes, and others it leaves. */
    private static final String DOUBLE_ESCAPABLE = "$`\"\\\ndnt{'a";

    private static List<String> split(String text) {
        return ShellWords.split(text, ConfigNode.section("jvmOptions", TextNode.valueOf(text)));
    }

    @Test
    void backslashesInsideDoubleQuotesStayBeforeWhatTheyDoNotEscape() {
        assertThat(split("\"-Dpattern=\\d+\" -Dx=\"a\\\"b\\\\c\\$d\"")).containsExactly("-Dpattern=\\d+", "-Dx=a\"b\\c$d");
        assertThat(split("'\\d+' \\d+ a\\ b")).containsExactly("\\d+", "d+", "a b");
        assertThat(split("-Da=1 \\\n -Db=2 \"x\\\ny\"")).containsExactly("-Da=1", "-Db=2", "xy");
        assertThat(split("trailing\\")).containsExactly("trailing\\");
        assertThat(split("\"\" ''")).containsExactly("", "");
        // a newline ends a command in sh; in jvmOptions it separates words as a space does
        assertThat(split("-Da=1\n-Db=2")).containsExactly("-Da=1", "-Db=2");
    }

    @Test
    void theBraceEscapeOfPlaceholdersSurvivesOutsideQuotesAndInsideDoubleQuotes() {
        assertThat(split("-Dport=\\{PORT} \"-Dp=\\{PORT}\" '-Dq=\\{PORT}'"))
                .containsExactly("-Dport=\\{PORT}", "-Dp=\\{PORT}", "-Dq=\\{PORT}");
    }

    @Test
    void anUnterminatedQuoteIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> split("-Da=\"b")).hasMessage("/jvmOptions: unterminated \" quote in \"-Da=\"b\"");
    }

    @Test
    void generatedStringsSplitAsShDoes() throws Exception {
        Random random = new Random(31);
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            inputs.add(generated(random));
        }
        List<List<String>> expected = sh(inputs);
        for (int i = 0; i < inputs.size(); i++) {
            assertThat(split(inputs.get(i))).as("input <%s>", inputs.get(i)).isEqualTo(expected.get(i));
        }
    }

    private static String generated(Random random) {
        StringBuilder out = new StringBuilder();
        int parts = 1 + random.nextInt(8);
        for (int p = 0; p < parts; p++) {
            switch (random.nextInt(6)) {
                case 0 -> out.append(" \t".charAt(random.nextInt(2))).append(random.nextBoolean() ? " " : "");
                case 1 -> out.append('\'').append(run(random, PLAIN + " \t\n\"\\$`#;{}")).append('\'');
                case 2 -> {
                    out.append('"');
                    for (int i = random.nextInt(6); i > 0; i--) {
                        out.append(random.nextInt(3) == 0 ? "\\" + pick(random, DOUBLE_ESCAPABLE)
                                : pick(random, PLAIN + " \t\n'#;{}"));
                    }
                    out.append('"');
                }
                case 3 -> out.append('\\').append(pick(random, ESCAPABLE + "\n"));
                default -> out.append(run(random, PLAIN));
            }
        }
        return out.toString();
    }

    private static String run(Random random, String alphabet) {
        StringBuilder out = new StringBuilder();
        for (int i = random.nextInt(6); i > 0; i--) {
            out.append(pick(random, alphabet));
        }
        return out.toString();
    }

    private static String pick(Random random, String alphabet) {
        return String.valueOf(alphabet.charAt(random.nextInt(alphabet.length())));
    }

    /** What {@code sh} makes of each input as the arguments of {@code printf}: one script, one line per input. */
    private static List<List<String>> sh(List<String> inputs) throws IOException, InterruptedException {
        StringBuilder script = new StringBuilder();
        for (String input : inputs) {
            script.append("printf '%s\\0' first ").append(input).append("\nprintf '\\001'\n");
        }
        Process sh = new ProcessBuilder("sh", "-c", script.toString()).redirectErrorStream(true).start();
        sh.getOutputStream().close();
        String output = new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(sh.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(sh.exitValue()).as(output).isZero();
        List<List<String>> results = new ArrayList<>();
        for (String one : output.split("\u0001", -1)) {
            if (results.size() < inputs.size()) {
                List<String> words = new ArrayList<>(Arrays.asList(one.split("\0", -1)));
                assertThat(words.remove(0)).isEqualTo("first");
                assertThat(words.remove(words.size() - 1)).isEmpty();
                results.add(words);
            }
        }
        assertThat(results).hasSize(inputs.size());
        return results;
    }
}
