package dev.rt.kind.db.testing;

import java.util.List;

/**
 * The schema most tests share, written for each engine: movies, their quotes, actors and the join table between
 * movies and actors, a view, and a table without a primary key.
 */
public final class MovieSchema {
    private MovieSchema() {
    }

    /** The statements that create it, in order. */
    public static List<String> create(Engine engine) {
        String id = switch (engine) {
            case SQLITE -> "INTEGER PRIMARY KEY";
            case POSTGRES -> "SERIAL PRIMARY KEY";
            case MARIADB -> "INT AUTO_INCREMENT PRIMARY KEY";
        };
        String timestamp = engine == Engine.MARIADB ? "DATETIME(3)" : "TIMESTAMP";
        String real = engine == Engine.MARIADB ? "DOUBLE" : "REAL";
        return List.of(
                "CREATE TABLE movies (id " + id + ", title VARCHAR(255) NOT NULL, year INTEGER, rating " + real
                        + ", released BOOLEAN, budget BIGINT, created_at " + timestamp + ", updated_at "
                        + timestamp + ")",
                "CREATE TABLE quotes (id " + id + ", quote VARCHAR(500) NOT NULL, movie_id INTEGER,"
                        + " FOREIGN KEY (movie_id) REFERENCES movies(id))",
                "CREATE TABLE actors (id " + id + ", name VARCHAR(100) NOT NULL)",
                "CREATE TABLE movies_actors (movie_id INTEGER NOT NULL, actor_id INTEGER NOT NULL,"
                        + " PRIMARY KEY (movie_id, actor_id), FOREIGN KEY (movie_id) REFERENCES movies(id),"
                        + " FOREIGN KEY (actor_id) REFERENCES actors(id))",
                "CREATE TABLE notes (body VARCHAR(100), stars INTEGER)",
                "CREATE VIEW recent_movies AS SELECT id, title, year FROM movies WHERE year > 2000");
    }

    /** A few rows: three movies, quotes of two of them, two actors, and who played in what. */
    public static List<String> rows() {
        return List.of(
                "INSERT INTO movies (title, year, rating, released, budget) VALUES ('Alien', 1979, 8.5, TRUE, 11000000)",
                "INSERT INTO movies (title, year, rating, released, budget) VALUES ('Aliens', 1986, 8.4, TRUE, 18500000)",
                "INSERT INTO movies (title, year, rating, released, budget) VALUES ('Prometheus', 2012, 7.0, FALSE, NULL)",
                "INSERT INTO quotes (quote, movie_id) VALUES ('In space no one can hear you scream.', 1)",
                "INSERT INTO quotes (quote, movie_id) VALUES ('Game over, man!', 2)",
                "INSERT INTO quotes (quote, movie_id) VALUES ('Get away from her, you...!', 2)",
                "INSERT INTO actors (name) VALUES ('Sigourney Weaver')",
                "INSERT INTO actors (name) VALUES ('Michael Fassbender')",
                "INSERT INTO movies_actors (movie_id, actor_id) VALUES (1, 1)",
                "INSERT INTO movies_actors (movie_id, actor_id) VALUES (2, 1)",
                "INSERT INTO movies_actors (movie_id, actor_id) VALUES (3, 2)",
                "INSERT INTO notes (body, stars) VALUES ('good', 5)");
    }
}
