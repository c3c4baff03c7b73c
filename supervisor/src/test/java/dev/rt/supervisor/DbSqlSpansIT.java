package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.MovieSchema;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The db kind's SQL spans, end to end: a runtime traced to the {@code memory} exporter serves a db service,
 * {@code catalog}, on the movie schema (on SQLite, PostgreSQL and MariaDB); a REST list and a GraphQL query with a nested relation each arrive as the
 * supervisor's SERVER span, the worker's SERVER span inside it, and one CLIENT span per statement inside that, named
 * and attributed after OpenTelemetry's database conventions, with the parameterised SQL and never a value.
 */
@ExtendWith(TestDatabases.class)
class DbSqlSpansIT {
    private static final Duration ARRIVAL = Duration.ofSeconds(60);
    private static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    private RuntimeUnderTest catalog(TestDatabase database) throws Exception {
        Path service = Files.createDirectories(dir.resolve("catalog/migrations"));
        Files.writeString(service.resolve("001.do.sql"), String.join(";\n", MovieSchema.create(database.engine())) + ";\n");
        Files.writeString(service.resolve("002.do.sql"), String.join(";\n", MovieSchema.rows()) + ";\n");
        Files.writeString(dir.resolve("catalog/rt.json"), "{\"$schema\": \"https://schemas.rt.dev/db/1.0.0.json\", "
                + "\"migrations\": {\"dir\": \"migrations\", \"autoApply\": true}, "
                + "\"db\": {\"connectionString\": \"" + database.connectionString() + "\"}}");
        return RuntimeUnderTest.configure(dir, RuntimeUnderTest.runtimeWith("\"telemetry\": {\"serviceName\": \"shop\", "
                + "\"exporter\": {\"type\": \"memory\"}}, ", "catalog", "{\"id\": \"catalog\", \"path\": \"catalog\"}"))
                .start();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aRestListAndAGraphQlQueryWithARelationRecordTheirStatementsAsChildSpans(Engine engine) throws Exception {
        TestDatabase database = TestDatabases.fresh(engine);
        String system = switch (engine) {
            case SQLITE -> "sqlite";
            case POSTGRES -> "postgresql";
            case MARIADB -> "mariadb";
        };
        String url = database.connectionString();
        String namespace = engine == Engine.SQLITE ? "db.sqlite" : url.substring(url.lastIndexOf('/') + 1).split("\\?")[0];
        String quote = engine == Engine.MARIADB ? "`" : "\"";
        try (RuntimeUnderTest rt = catalog(database)) {
            HttpResponse<String> list = rt.get("/movies?where.title.eq=Aliens");
            assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
            assertThat(list.body()).contains("Aliens");
            Trace rest = trace(rt, "GET /movies", 1);
            SpanData select = rest.only("SELECT movies");
            assertThat(select.getAttributes().get(AttributeKey.stringKey("db.system"))).isEqualTo(system);
            assertThat(select.getAttributes().get(AttributeKey.stringKey("db.namespace"))).isEqualTo(namespace);
            assertThat(select.getAttributes().get(AttributeKey.stringKey("db.operation.name"))).isEqualTo("SELECT");
            assertThat(select.getAttributes().get(AttributeKey.stringKey("server.address")))
                    .isEqualTo(engine == Engine.SQLITE ? null : "127.0.0.1");
            assertThat(select.getAttributes().get(AttributeKey.stringKey("db.collection.name"))).isEqualTo("movies");
            assertThat(select.getAttributes().get(AttributeKey.stringKey("db.query.text")))
                    .startsWith("SELECT ").contains("FROM " + quote + "movies" + quote).contains("?").doesNotContain("Aliens");

            HttpResponse<String> graphql = CLIENT.send(HttpRequest.newBuilder(URI.create(rt.url() + "/graphql"))
                    .header("content-type", "application/json").timeout(Duration.ofSeconds(20))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"{ movies { title quotes { quote } } }\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(graphql.statusCode()).as(graphql.body()).isEqualTo(200);
            assertThat(graphql.body()).contains("Game over, man!").doesNotContain("errors");
            Trace query = trace(rt, "POST /graphql", 2);
            assertThat(query.statements()).extracting(SpanData::getName)
                    .containsExactlyInAnyOrder("SELECT movies", "SELECT quotes");
            assertThat(query.only("SELECT quotes").getAttributes().get(AttributeKey.stringKey("db.query.text")))
                    .contains("FROM " + quote + "quotes" + quote).contains("?");
        }
    }

    /** The spans of a request whose worker span is named {@code name}: the supervisor's, the worker's, its statements. */
    private record Trace(SpanData entry, SpanData worker, List<SpanData> statements) {
        SpanData only(String name) {
            List<SpanData> named = statements.stream().filter(span -> span.getName().equals(name)).toList();
            assertThat(named).as("statements named " + name + " in " + statements).hasSize(1);
            return named.get(0);
        }
    }

    private static Trace trace(RuntimeUnderTest rt, String name, int statements) throws Exception {
        var tracing = rt.supervisor().tracing().orElseThrow();
        Trace trace = Poll.until(ARRIVAL, Duration.ofMillis(100), () -> {
            tracing.flush(Duration.ofSeconds(5));
            List<SpanData> spans = tracing.memorySpans();
            Optional<SpanData> worker = spans.stream().filter(span -> span.getKind() == SpanKind.SERVER
                    && span.getName().startsWith(name) && service(span).equals("shop-catalog")).findFirst();
            if (worker.isEmpty()) {
                return Optional.empty();
            }
            String traceId = worker.get().getTraceId();
            List<SpanData> children = spans.stream().filter(span -> span.getTraceId().equals(traceId)
                    && span.getKind() == SpanKind.CLIENT && service(span).equals("shop-catalog")).toList();
            Optional<SpanData> entry = spans.stream().filter(span -> span.getTraceId().equals(traceId)
                    && span.getKind() == SpanKind.SERVER && service(span).equals("shop")).findFirst();
            return children.size() >= statements && entry.isPresent()
                    ? Optional.of(new Trace(entry.get(), worker.get(), children)) : Optional.empty();
        }, () -> "a traced " + name + " with " + statements + " statements expected, found " + tracing.memorySpans()
                + "\nlog:\n" + rt.log());
        assertThat(trace.worker().getParentSpanId()).isEqualTo(trace.entry().getSpanId());
        assertThat(trace.statements()).hasSize(statements).allSatisfy(span -> {
            assertThat(span.getParentSpanId()).isEqualTo(trace.worker().getSpanId());
            assertThat(span.getInstrumentationScopeInfo().getName()).isEqualTo("dev.rt.worker");
            assertThat(span.getStartEpochNanos()).isGreaterThanOrEqualTo(trace.worker().getStartEpochNanos());
            assertThat(span.getEndEpochNanos()).isLessThanOrEqualTo(trace.worker().getEndEpochNanos());
        });
        return trace;
    }

    private static String service(SpanData span) {
        return String.valueOf(span.getResource().getAttribute(SERVICE_NAME));
    }
}
