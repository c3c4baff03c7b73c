package dev.rt.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Reading the java section of a service configuration, with exact errors. */
class JavaApplicationConfigTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LaunchContext CONTEXT = new LaunchContext("api", Path.of("/srv/api"), List.of(),
            OptionalInt.empty());

    private static JavaApplicationConfig parse(String json) throws Exception {
        return JavaApplicationConfig.from(JSON.readTree(json), CONTEXT);
    }

    @Test
    void theOneEntryNamedIsReadAndClasspathIgnored() throws Exception {
        assertThat(parse("{\"classpath\": [\"lib/*\"], \"build\": \"com.acme.Api\"}"))
                .isEqualTo(new JavaApplicationConfig(JavaApplicationConfig.Entry.BUILD, "com.acme.Api"));
        assertThat(parse("{\"jar\": \"app.jar\"}").entry()).isEqualTo(JavaApplicationConfig.Entry.JAR);
        assertThat(parse("{\"main\": \"com.acme.Main\"}").entry()).isEqualTo(JavaApplicationConfig.Entry.MAIN);
    }

    @Test
    void namingNoEntryIsAnError() {
        assertThatThrownBy(() -> parse("{\"classpath\": [\"lib/*\"]}"))
                .hasMessage("the java section must name exactly one of build, jar or main, found none of them"
                        + " (in the configuration of service \"api\" in /srv/api)");
    }

    @Test
    void namingTwoEntriesIsAnError() {
        assertThatThrownBy(() -> parse("{\"build\": \"com.acme.Api\", \"main\": \"com.acme.Main\"}"))
                .hasMessage("the java section must name exactly one of build, jar or main, found build and main"
                        + " (in the configuration of service \"api\" in /srv/api)");
    }

    @Test
    void entryThatIsNotAStringIsAnError() {
        assertThatThrownBy(() -> parse("{\"main\": 42}"))
                .hasMessage("java.main must be a non-empty string, found 42"
                        + " (in the configuration of service \"api\" in /srv/api)");
    }
}
