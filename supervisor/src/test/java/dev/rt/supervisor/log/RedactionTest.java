package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.error.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedactionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String redact(String json, String... paths) throws Exception {
        ObjectNode line = (ObjectNode) JSON.readTree(json);
        Redaction.of(List.of(paths), "***").apply(line);
        return line.toString();
    }

    @Test
    void pathsInDotBracketAndWildcardSyntaxParse() {
        assertThat(Redaction.parse("a.b", "p")).containsExactly("a", "b");
        assertThat(Redaction.parse("a[\"b-c\"].d", "p")).containsExactly("a", "b-c", "d");
        assertThat(Redaction.parse("a['x y'][*].z", "p")).containsExactly("a", "x y", "*", "z");
        assertThat(Redaction.parse("req.headers.*", "p")).containsExactly("req", "headers", "*");
    }

    @Test
    void valuesAtThePathsAreCensoredAndMissingPathsLeaveTheLineAlone() throws Exception {
        assertThat(redact("{\"user\":{\"name\":\"ann\",\"password\":\"p\"},\"msg\":\"m\"}", "user.password", "no.such"))
                .isEqualTo("{\"user\":{\"name\":\"ann\",\"password\":\"***\"},\"msg\":\"m\"}");
    }

    @Test
    void wildcardsCoverEveryKeyAndEveryArrayElement() throws Exception {
        assertThat(redact("{\"h\":{\"a\":1,\"b\":{\"c\":2}},\"list\":[{\"t\":1},{\"t\":2}]}", "h.*", "list[*].t"))
                .isEqualTo("{\"h\":{\"a\":\"***\",\"b\":\"***\"},\"list\":[{\"t\":\"***\"},{\"t\":\"***\"}]}");
    }

    @Test
    void anUnclosedBracketIsAConfigurationErrorNamingThePath() {
        assertThatThrownBy(() -> Redaction.of(List.of("ok", "a[\"b"), "x"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("/logger/redact/paths/1: the redact path \"a[\"b\" has a '[' without its ']'; "
                        + "write paths as a.b, a[\"b-c\"] or a.*.b");
    }
}
