package dev.rt.kind.db.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.rest.RestRoute;
import dev.rt.kind.db.rest.RestRoutes;
import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@ExtendWith(TestDatabases.class)
@SuppressWarnings("rawtypes")
class OpenApiDocumentTest {

    @ParameterizedTest
    @EnumSource(Engine.class)
    void describesEveryRouteInAValidDocument(Engine engine) {
        try (DbFixture fixture = DbFixture.movies(engine)) {
            OpenAPI api = OpenApiDocument.build(fixture.entities().model(), Map.of());
            String json = OpenApiDocument.json(api);
            SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(json);
            assertThat(parsed.getMessages()).isEmpty();
            assertThat(parsed.getOpenAPI().getPaths()).containsKeys("/movies/", "/movies/{id}", "/movies/{id}/quotes",
                    "/quotes/{id}/movie", "/moviesActors/movie/{movieId}/actor/{actorId}", "/recentMovies/");

            Set<String> documented = new TreeSet<>();
            api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                    documented.add(method + " " + path + " " + id(operation))));
            Set<String> served = new TreeSet<>();
            for (RestRoute route : RestRoutes.of(fixture.entities())) {
                served.add(route.method() + " " + route.openApiPath() + " " + route.operationId().orElse("-"));
            }
            assertThat(documented).isEqualTo(served);

            Map<String, Schema> movie = api.getComponents().getSchemas().get("Movie").getProperties();
            assertThat(movie.get("id").getType()).isEqualTo("string");
            assertThat(movie.get("year").getType()).isEqualTo("integer");
            assertThat(movie.get("year").getNullable()).isTrue();
            Schema<?> input = api.getComponents().getSchemas().get("MovieInput");
            assertThat(input.getRequired()).containsExactly("title");
            assertThat(((Schema<?>) input.getProperties().get("id")).getType()).isEqualTo("integer");
            var getById = api.getPaths().get("/movies/{id}").getGet();
            assertThat(getById.getResponses().get("200").getLinks().get("GetQuotes").getParameters())
                    .containsEntry("where.movieId.eq", "$response.body#/id");
            assertThat(api.getPaths().get("/movies/").getGet().getParameters()).extracting(p -> p.getName())
                    .contains("limit", "offset", "totalCount", "cursor", "startAfter", "endBefore", "fields",
                            "where.year.gte", "where.title.ilike", "where.year.in", "where.budget.isNull", "where.or",
                            "orderby.title");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void mergesTheConfiguredDocumentOverItsOwn(Engine engine) {
        try (DbFixture fixture = DbFixture.movies(engine)) {
            Map<String, Object> overrides = Map.of("info", Map.of("title", "Catalog"),
                    "components", Map.of("securitySchemes", Map.of("bearerAuth",
                            Map.of("type", "http", "scheme", "bearer", "bearerFormat", "JWT"))),
                    "security", List.of(Map.of("bearerAuth", List.of())));
            OpenAPI api = OpenApiDocument.build(fixture.entities().model(), overrides);
            assertThat(api.getInfo().getTitle()).isEqualTo("Catalog");
            assertThat(api.getInfo().getVersion()).isEqualTo("1.0.0");
            assertThat(api.getComponents().getSecuritySchemes()).containsKey("bearerAuth");
            assertThat(api.getComponents().getSchemas()).containsKey("Movie");
            assertThat(api.getSecurity()).hasSize(1);
            assertThat(new OpenAPIV3Parser().readContents(OpenApiDocument.json(api)).getMessages()).isEmpty();
        }
    }

    private static String id(Operation operation) {
        return operation.getOperationId() == null ? "-" : operation.getOperationId();
    }
}
