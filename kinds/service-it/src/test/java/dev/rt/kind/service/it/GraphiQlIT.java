package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.Chromium;
import dev.rt.cli.e2e.RtProcess;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** GraphiQL, served from the bundle in vertx-web-graphql's jar, loads in a browser and reads the schema. */
class GraphiQlIT {
    @Test
    void graphiqlRendersAndAsksTheServiceForItsSchema() throws Exception {
        try (RtProcess rt = RtProcess.startService("catalogue/graph/rt.json").listening(Duration.ofSeconds(60))) {
            String dom = Chromium.renderedDom(rt.url() + "/graphiql");
            assertThat(dom).contains("class=\"graphiql-container\"").contains("graphiql-execute-button");
            String introspection = rt.awaitStdout("\"method\":\"POST\",\"url\":\"/graphql\"", Duration.ofSeconds(10));
            assertThat(introspection).contains("\"msg\":\"incoming request\"");
        }
    }
}
