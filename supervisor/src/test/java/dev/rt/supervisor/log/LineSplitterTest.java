package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSplitterTest {
    private final List<String> lines = new ArrayList<>();
    private final LineSplitter splitter = new LineSplitter(lines::add);

    private void write(byte[] bytes) {
        splitter.write(bytes, 0, bytes.length);
    }

    private void write(String text) {
        write(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void linesSplitAcrossReadsAreJoinedAndCarriageReturnsDropped() {
        write("first li");
        write("ne\r\nsecond\n");
        write("thi");
        assertThat(lines).containsExactly("first line", "second");
        write("rd\n");
        assertThat(lines).containsExactly("first line", "second", "third");
    }

    @Test
    void aPartialLastLineCountsAtTheEndOfTheStream() {
        write("complete\npartial without newline");
        assertThat(lines).containsExactly("complete");
        splitter.end();
        assertThat(lines).containsExactly("complete", "partial without newline");
    }

    @Test
    void aCharacterSplitAcrossReadsIsDecodedWhole() {
        byte[] bytes = "grüße\n".getBytes(StandardCharsets.UTF_8);
        splitter.write(bytes, 0, 3); // "gr" and the first byte of ü
        splitter.write(bytes, 3, bytes.length - 3);
        assertThat(lines).containsExactly("grüße");
    }

    @Test
    void invalidUtf8AndControlCharactersBecomeReplacementCharactersButTabsStay() {
        write(new byte[] {'a', (byte) 0xff, 'b', 0, 'c', 0x1b, 'd', '\t', 'e', 0x7f, '\n'});
        assertThat(lines).containsExactly("a\uFFFDb\uFFFDc\uFFFDd\te\uFFFD");
    }

    @Test
    void aOneMebibyteLineIsTruncatedWithAMarkerAndTheNextLineIsIntact() {
        write("x".repeat(1 << 20) + "\nnext\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("xxxx").endsWith(" … [truncated: 1048576 bytes]");
        assertThat(lines.get(0).length()).isEqualTo(LineSplitter.MAX_LINE + " … [truncated: 1048576 bytes]".length());
        assertThat(lines.get(1)).isEqualTo("next");
    }

    @Test
    void aTruncatedLineIsNotCutInsideACharacter() {
        write("x".repeat(LineSplitter.MAX_LINE - 1) + "ü tail\n");
        assertThat(lines.get(0)).doesNotContain("\uFFFD").startsWith("xxx").contains("[truncated: ");
    }
}
