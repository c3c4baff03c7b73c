package {{package}};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rt.testing.InProcessService;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts the service from its rt.json in this JVM, as a worker of rt start would, on a SQLite database of its own,
 * and calls the sample plugin's route.
 */
class HelloPluginTest {
    @TempDir
    Path database;

    @Test
    void helloAnswersWithTheGreeting() throws Exception {
        Map<String, String> env = Map.of("DATABASE_URL", "sqlite://" + database.resolve("test.sqlite"));
        try (InProcessService service = InProcessService.start(Path.of(""), env)) {
            HttpResponse<String> response = service.get("/hello");
            assertEquals(200, response.statusCode());
            assertTrue(response.body().matches("\\{\"message\":\".+ from " + service.id() + "\"}"), response.body());
        }
    }
}
