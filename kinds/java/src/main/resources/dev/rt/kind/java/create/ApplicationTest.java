package {{package}};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rt.testing.InProcessService;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Starts the application from its rt.json in this JVM, as a worker of rt start would, and calls its route. */
class {{className}}Test {
    @Test
    void helloAnswersWithTheGreeting() throws Exception {
        try (InProcessService service = InProcessService.start(Path.of(""))) {
            HttpResponse<String> response = service.get("/hello");
            assertEquals(200, response.statusCode());
            assertTrue(response.body().matches("\\{\"message\":\".+ from {{id}}\"}"), response.body());
            assertEquals(404, service.get("/nowhere").statusCode());
        }
    }
}
