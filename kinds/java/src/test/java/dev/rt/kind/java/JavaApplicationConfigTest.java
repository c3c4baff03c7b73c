package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading the java section of a service configuration, with exact errors and their JSON pointers. */
class JavaApplicationConfigTest {

    private static JavaApplicationConfig parse(Map<String, Object> java) {
        return JavaApplicationConfig.from(Map.of("java", java));
    }

    @Test
    void theOneEntryNamedIsReadWithTheClasspath() {
        assertThat(parse(Map.of("classpath", List.of("lib/*"), "build", "com.acme.Api")))
                .isEqualTo(new JavaApplicationConfig(JavaApplicationConfig.Entry.BUILD, "com.acme.Api", List.of("lib/*")));
        assertThat(parse(Map.of("jar", "app.jar")).entry()).isEqualTo(JavaApplicationConfig.Entry.JAR);
        assertThat(parse(Map.of("main", "com.acme.Main")).entry()).isEqualTo(JavaApplicationConfig.Entry.MAIN);
    }

    @Test
    void namingNoEntryIsAnErrorAtTheSection() {
        assertThatThrownBy(() -> parse(Map.of("classpath", List.of("lib/*"))))
                .isInstanceOfSatisfying(KindException.class, e -> assertThat(e.pointer()).contains("/java"))
                .hasMessage("needs one of \"build\" (a class with a static build() returning an HttpHandler), \"jar\""
                        + " or \"main\"");
    }

    @Test
    void namingTwoEntriesIsAnError() {
        assertThatThrownBy(() -> parse(Map.of("build", "com.acme.Api", "main", "com.acme.Main")))
                .hasMessage("has build and main; keep exactly one of build, jar, main");
    }

    @Test
    void entryThatIsNotAStringIsAnErrorAtTheEntry() {
        assertThatThrownBy(() -> parse(Map.of("main", 42L)))
                .isInstanceOfSatisfying(KindException.class, e -> assertThat(e.pointer()).contains("/java/main"))
                .hasMessage("must be a non-empty string, found 42");
    }

    @Test
    void aWrappedApplicationMayNameItsHttpPort() {
        assertThat(parse(Map.of("jar", "h2.jar", "port", 8082L)).port()).hasValue(8082);
        assertThat(parse(Map.of("main", "com.acme.Main")).port()).isEmpty();
    }

    @Test
    void aPortIsRefusedForABuildApplicationAndOutsideTheTcpRange() {
        assertThatThrownBy(() -> parse(Map.of("build", "com.acme.Api", "port", 8080L)))
                .isInstanceOfSatisfying(KindException.class, e -> assertThat(e.pointer()).contains("/java/port"))
                .hasMessage("applies to jar and main only: rt serves a build application on a port of its own; remove it");
        assertThatThrownBy(() -> parse(Map.of("main", "com.acme.Main", "port", 70000L)))
                .hasMessage("must be a TCP port from 1 to 65535, found 70000");
    }

    @Test
    void aConfigurationWithoutAJavaSectionIsAnError() {
        assertThatThrownBy(() -> JavaApplicationConfig.from(Map.of()))
                .hasMessage("must be an object with one of build, jar or main, found null");
    }
}
