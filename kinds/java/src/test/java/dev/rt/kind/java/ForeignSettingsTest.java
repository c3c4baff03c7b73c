package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings only rt's own HTTP server acts on are refused for a java application, with their pointers. */
class ForeignSettingsTest {
    @TempDir
    Path dir;

    private void classPath(Map<String, Object> rest) {
        Map<String, Object> configuration = new HashMap<>(rest);
        configuration.put("java", Map.of("build", "com.acme.Api"));
        new JavaKind().classPath(configuration, dir);
    }

    @Test
    void theListenerSettingsAndTheSchemasDefaultsPass() {
        classPath(Map.of("server", Map.of("hostname", "0.0.0.0", "port", 8080L, "http2", false,
                "requestIdLogLabel", "reqId", "jsonShorthand", true, "trustProxy", false)));
    }

    @Test
    void aServerSettingOfRtsOwnServerIsRefusedNamingIt() {
        assertThatThrownBy(() -> classPath(Map.of("server", Map.of("port", 8080L, "cors", Map.of("origin", "*")))))
                .isInstanceOfSatisfying(KindException.class, e -> assertThat(e.pointer()).contains("/server/cors"))
                .hasMessage("has no effect on a java application, which serves HTTP itself with no router of rt's in"
                        + " front of it: set it in the application, or remove it");
        assertThatThrownBy(() -> classPath(Map.of("server", Map.of("trustProxy", true))))
                .isInstanceOfSatisfying(KindException.class, e -> assertThat(e.pointer()).contains("/server/trustProxy"));
    }

    @Test
    void pluginsAreRefused() {
        assertThatThrownBy(() -> classPath(Map.of("plugins", Map.of("paths", List.of("plugins")))))
                .isInstanceOfSatisfying(KindException.class, e -> assertThat(e.pointer()).contains("/plugins"))
                .hasMessage("plugins are loaded by the service, db and gateway kinds; a java application serves its"
                        + " own routes: remove it, or make the service a service kind");
    }
}
