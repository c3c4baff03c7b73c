package {{package}};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rt.testing.InProcessService;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts the service from its rt.json in this JVM, as a worker of rt start would, on a SQLite database of its own
 * (the migrations applied at start), and calls the routes generated for the movies table.
 */
class MoviesTest {
    @TempDir
    Path database;

    @Test
    void savedMoviesAreListed() throws Exception {
        Map<String, String> env = Map.of("DATABASE_URL", "sqlite://" + database.resolve("test.sqlite"));
        try (InProcessService service = InProcessService.start(Path.of(""), env)) {
            HttpResponse<String> saved = service.send(HttpRequest.newBuilder(service.uri("/movies"))
                    .header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"title\": \"Metropolis\", \"year\": 1927}")));
            assertEquals(200, saved.statusCode(), saved.body());
            HttpResponse<String> listed = service.get("/movies");
            assertEquals(200, listed.statusCode());
            assertTrue(listed.body().contains("\"title\":\"Metropolis\""), listed.body());
        }
    }
}
