package dev.rt.kind.db.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.DatabaseServer;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import dev.rt.kind.testing.TestPorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code rt db migrations|seed|types|schema} on each database, through the configuration a user writes. */
@ExtendWith(TestDatabases.class)
class DbCommandsTest {
    private static String previousKindsPath;

    @BeforeAll
    static void install() throws Exception {
        previousKindsPath = System.getProperty("rt.kinds.path");
        CommandRunner.installKind(Path.of("target", "test-kinds-db").toAbsolutePath());
    }

    @AfterAll
    static void uninstall() {
        if (previousKindsPath == null) {
            System.clearProperty("rt.kinds.path");
        } else {
            System.setProperty("rt.kinds.path", previousKindsPath);
        }
    }

    private static Path service(TestDatabase db, String connectionString) throws Exception {
        Path dir = Files.createDirectories(db.directory().resolve("catalog"));
        Files.writeString(dir.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/db/1.0.0.json\","
                + " \"db\": {\"connectionString\": \"" + connectionString + "\"},"
                + " \"migrations\": {\"dir\": \"migrations\"}, \"types\": {\"dir\": \"types\"}}");
        return dir.resolve("rt.json");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void createsAppliesSeedsTypesAndRollsBack(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        String cs = engine == Engine.SQLITE ? "sqlite://./db.sqlite" : db.connectionString();
        Path config = service(db, cs);
        Path dir = config.getParent();
        CommandRunner.Result created = CommandRunner.run("migrations", "create", "-c", config.toString());
        assertThat(created.status()).as(created.err()).isZero();
        assertThat(created.out()).contains("Created migrations directory migrations.",
                "Created migration files migrations/001.do.sql and migrations/001.undo.sql.");
        String id = engine == Engine.MARIADB ? "INT AUTO_INCREMENT PRIMARY KEY" : engine == Engine.POSTGRES
                ? "SERIAL PRIMARY KEY" : "INTEGER PRIMARY KEY";
        Files.writeString(dir.resolve("migrations/001.do.sql"), "CREATE TABLE movies (id " + id
                + ", title VARCHAR(100) NOT NULL, year INTEGER);");
        Files.writeString(dir.resolve("migrations/001.undo.sql"), "DROP TABLE movies;");
        Files.writeString(dir.resolve("seed.java"), """
                import dev.rt.kind.KindLog;
                import dev.rt.kind.db.sql.Entities;
                import java.util.List;
                import java.util.Map;
                import javax.sql.DataSource;

                class Seed {
                    public static void seed(Entities entities, DataSource db, KindLog logger) throws Exception {
                        entities.insert("movie", List.of(Map.of("title", "Alien", "year", 1979),
                                Map.of("title", "Aliens", "year", 1986)));
                        try (var connection = db.getConnection(); var statement = connection.createStatement()) {
                            statement.execute("INSERT INTO movies (title) VALUES ('Prometheus')");
                        }
                        logger.info("seeded " + entities.count("movie") + " movies");
                    }
                }
                """);
        CommandRunner.Result early = CommandRunner.run("seed", "seed.java", "-c", config.toString());
        assertThat(early.status()).isEqualTo(1);
        assertThat(early.err()).isEqualTo("rt: You must apply migrations before seeding the database.\n");

        CommandRunner.Result applied = CommandRunner.run("migrations", "apply", "-c", config.toString());
        assertThat(applied.status()).as(applied.err()).isZero();
        assertThat(applied.out()).isEqualTo("running 001.do.sql\n");

        CommandRunner.Result seeded = CommandRunner.run("seed", "seed.java", "-c", config.toString());
        assertThat(seeded.status()).as(seeded.err()).isZero();
        assertThat(seeded.out()).isEqualTo("Seeding from " + dir.resolve("seed.java") + "\nseeded 3 movies\nSeeding complete.\n");

        CommandRunner.Result types = CommandRunner.run("types", "--typescript", "-c", config.toString());
        assertThat(types.status()).as(types.err()).isZero();
        assertThat(types.out()).contains("Generated type for Movie entity.", "Regenerated EntityTypes.java.");
        assertThat(Files.readString(dir.resolve("types/Movie.java"))).contains("package types;",
                "public record Movie(", "String id,", "String title,", "Long year)");
        assertThat(dir.resolve("types/movie.d.ts")).exists();
        Path classes = Files.createDirectories(db.directory().resolve("classes"));
        int javac = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                dir.resolve("types/Movie.java").toString(), dir.resolve("types/EntityTypes.java").toString());
        assertThat(javac).as("the generated types compile").isZero();

        CommandRunner.Result graphql = CommandRunner.run("schema", "graphql", "-c", config.toString());
        assertThat(graphql.status()).as(graphql.err()).isZero();
        assertThat(graphql.out()).contains("type Movie {", "movies(limit: LimitInt");
        CommandRunner.Result openapi = CommandRunner.run("schema", "openapi", "-c", config.toString());
        assertThat(openapi.status()).as(openapi.err()).isZero();
        assertThat(new io.swagger.v3.parser.OpenAPIV3Parser().readContents(openapi.out()).getOpenAPI().getPaths())
                .containsKeys("/movies/", "/movies/{id}");

        CommandRunner.Result down = CommandRunner.run("migrations", "apply", "--to", "000", "-c", config.toString());
        assertThat(down.status()).as(down.err()).isZero();
        assertThat(down.out()).isEqualTo("running 001.undo.sql\n");
        try (Connection connection = db.connect(); ResultSet tables = connection.getMetaData().getTables(
                engine == Engine.MARIADB ? connection.getCatalog() : null, null, "movies", null)) {
            assertThat(tables.next()).isFalse();
        }
        CommandRunner.Result missing = CommandRunner.run("migrations", "apply", "-t", "7", "-c", config.toString());
        assertThat(missing.status()).isEqualTo(1);
        assertThat(missing.err()).startsWith("rt: there is no migration 007 in ");
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void theGraphqlSchemaHasTheSubscriptionsOnlyWithEvents(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        db.execute("CREATE TABLE movies (id INTEGER PRIMARY KEY, title VARCHAR(100))");
        Path config = service(db, db.connectionString());
        CommandRunner.Result plain = CommandRunner.run("schema", "graphql", "-c", config.toString());
        assertThat(plain.status()).as(plain.err()).isZero();
        assertThat(plain.out()).contains("type Movie {").doesNotContain("Subscription");
        Files.writeString(config, Files.readString(config).replace("\"connectionString\"", "\"events\": true,"
                + " \"connectionString\""));
        CommandRunner.Result events = CommandRunner.run("schema", "graphql", "-c", config.toString());
        assertThat(events.status()).as(events.err()).isZero();
        assertThat(events.out()).contains("type Subscription {\n  movieSaved: Movie\n  movieDeleted: MovieDeleted\n}",
                "type MovieDeleted {\n  id: ID\n}");
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void findsTheSeedFileFromTheCurrentDirectoryWhenItIsNotBesideTheConfiguration(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        db.execute("CREATE TABLE movies (id INTEGER PRIMARY KEY, title VARCHAR(100))");
        Path config = service(db, db.connectionString());
        Files.writeString(config, Files.readString(config).replace(" \"migrations\": {\"dir\": \"migrations\"},", ""));
        Path seed = Files.writeString(config.getParent().resolve("seed.java"), """
                class Seed {
                    public static void seed(dev.rt.kind.db.sql.Entities entities, javax.sql.DataSource db,
                            dev.rt.kind.KindLog logger) throws Exception {
                        entities.save("movie", java.util.Map.of("title", "Alien"));
                    }
                }
                """);
        // as a shell in the current directory completes it: the path from here, not from the configuration file
        Path typed = Path.of("").toAbsolutePath().relativize(seed);
        CommandRunner.Result seeded = CommandRunner.run("seed", typed.toString(), "-c", config.toString());
        assertThat(seeded.status()).as(seeded.err()).isZero();
        assertThat(seeded.out()).isEqualTo("Seeding from " + seed + "\nSeeding complete.\n");
        CommandRunner.Result beside = CommandRunner.run("seed", "seed.java", "-c", config.toString());
        assertThat(beside.status()).as(beside.err()).isZero();
        try (Connection connection = db.connect(); ResultSet count = connection.createStatement()
                .executeQuery("SELECT COUNT(*) FROM movies")) {
            assertThat(count.next()).isTrue();
            assertThat(count.getInt(1)).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void saysWhereASeedFileDoesNotCompile(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        Path config = service(db, "sqlite://./db.sqlite");
        Files.createDirectories(config.getParent().resolve("migrations"));
        Files.writeString(config.getParent().resolve("broken.java"), "class Broken {\n  public static void seed() {\n"
                + "    int x = \"text\";\n  }\n}\n");
        CommandRunner.Result result = CommandRunner.run("seed", "broken.java", "-c", config.toString());
        assertThat(result.status()).isEqualTo(1);
        assertThat(result.err()).contains("rt: the seed file " + config.getParent().resolve("broken.java")
                + " does not compile:\nrt: broken.java:3: error: incompatible types: ");
        Files.writeString(config.getParent().resolve("nothing.java"), "class Nothing {\n  static void run() {\n  }\n}\n");
        CommandRunner.Result noMethod = CommandRunner.run("seed", "nothing.java", "-c", config.toString());
        assertThat(noMethod.status()).isEqualTo(1);
        assertThat(noMethod.err()).contains("rt: Cannot find seed function in ").contains("must declare public static"
                + " void seed(Entities entities, DataSource db, KindLog logger)");
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"POSTGRES", "MARIADB"})
    void namesTheServiceAndMasksThePasswordWhenTheDatabaseRefusesOrIsAbsent(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        String wrong = db.connectionString().replace(DatabaseServer.PASSWORD, "wrong-pass");
        CommandRunner.Result refused = CommandRunner.run("schema", "openapi", "-c", service(db, wrong).toString());
        assertThat(refused.status()).isEqualTo(1);
        assertThat(refused.err()).startsWith("rt: the database refused the credentials of the service \"catalog\" (")
                .contains("rt:***@127.0.0.1").doesNotContain("wrong-pass");
        try (TestPorts.Held closed = TestPorts.refusing()) {
            String absent = db.connectionString().replaceFirst(":\\d+/", ":" + closed.port() + "/");
            CommandRunner.Result unreachable = CommandRunner.run("schema", "openapi", "-c", service(db, absent).toString());
            assertThat(unreachable.status()).isEqualTo(1);
            assertThat(unreachable.err()).startsWith("rt: the service \"catalog\" cannot reach its database ")
                    .contains(":***@127.0.0.1:" + closed.port()).doesNotContain(DatabaseServer.PASSWORD);
        }
        // the drivers also take the credentials as parameters of the URL's query
        String inQuery = wrong.replace(DatabaseServer.USER + ":wrong-pass@", "")
                + "?user=" + DatabaseServer.USER + "&password=wrong-pass";
        CommandRunner.Result queried = CommandRunner.run("schema", "openapi", "-c", service(db, inQuery).toString());
        assertThat(queried.status()).isEqualTo(1);
        assertThat(queried.err()).startsWith("rt: the database refused the credentials of the service \"catalog\" (")
                .contains("?user=rt&password=***").doesNotContain("wrong-pass");
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void worksBeforeThePluginsAreBuilt(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        Path dir = Files.createDirectories(db.directory().resolve("unbuilt"));
        Files.writeString(dir.resolve("rt.json"), "{\"db\": {\"connectionString\": \"sqlite://./db.sqlite\"},"
                + " \"migrations\": {\"dir\": \"migrations\"}, \"plugins\": {\"paths\": [\"target/classes\"]}}");
        CommandRunner.Result created = CommandRunner.run("migrations", "create", "-c", dir.toString());
        assertThat(created.status()).as(created.err()).isZero();
        Files.writeString(dir.resolve("migrations/001.do.sql"), "CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT);");
        CommandRunner.Result applied = CommandRunner.run("migrations", "apply", "-c", dir.toString());
        assertThat(applied.status()).as(applied.err()).isZero();
        assertThat(applied.out()).isEqualTo("running 001.do.sql\n");
        CommandRunner.Result openapi = CommandRunner.run("schema", "openapi", "-c", dir.toString());
        assertThat(openapi.status()).as(openapi.err()).isZero();
        assertThat(openapi.out()).contains("\"getMovies\"");
        assertThat(dir.resolve("target")).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void refusesAConfigurationWithoutMigrations(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        Path dir = Files.createDirectories(db.directory().resolve("plain"));
        Files.writeString(dir.resolve("rt.json"), "{\"db\": {\"connectionString\": \"sqlite://./db.sqlite\"}}");
        CommandRunner.Result result = CommandRunner.run("migrations", "apply", "-c", dir.toString());
        assertThat(result.status()).isEqualTo(3);
        assertThat(result.err()).startsWith("rt: Missing \"migrations\" section in config file");
        assertThat(List.of(result.out())).containsExactly("");
    }
}
