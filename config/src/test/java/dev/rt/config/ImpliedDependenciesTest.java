package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImpliedDependenciesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void declaredThenClientsThenTheKindsOwnEachIdOnceNeverItself() throws Exception {
        var service = JSON.readTree("{\"clients\": [{\"serviceId\": \"b\"}, {\"serviceId\": \"c\"}, {\"url\": \"http://x\"},"
                + " {\"serviceId\": \"self\"}]}");

        assertThat(ImpliedDependencies.of("self", List.of("a", "z"), ConfigNode.root(Path.of("rt.json"), service),
                List.of("d", "a", "self")))
                .containsExactly("a", "z", "b", "c", "d");
    }

    @Test
    void aServiceWithoutClientsDependsOnWhatItDeclares() throws Exception {
        ConfigNode service = ConfigNode.root(Path.of("rt.json"), JSON.readTree("{\"java\": {}}"));

        assertThat(ImpliedDependencies.of("api", List.of("db"), service, List.of()))
                .containsExactly("db");
    }
}
