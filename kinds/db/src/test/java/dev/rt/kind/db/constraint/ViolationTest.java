package dev.rt.kind.db.constraint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.constraint.Violation.Side;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** Each driver's report of a broken constraint, as the three drivers word it (messages copied from real servers). */
class ViolationTest {
    private static SQLException postgres(String state, String message, String detail, String table, String column,
            String constraint) {
        StringBuilder report = new StringBuilder("SERROR\0C" + state + "\0M" + message + "\0");
        if (detail != null) {
            report.append("D").append(detail).append('\0');
        }
        report.append("t").append(table).append('\0');
        if (column != null) {
            report.append("c").append(column).append('\0');
        }
        if (constraint != null) {
            report.append("n").append(constraint).append('\0');
        }
        return new PSQLException(new ServerErrorMessage(report.toString()));
    }

    private static SQLException mariaDb(int code, String message) {
        return new SQLIntegrityConstraintViolationException("(conn=7) " + message, "23000", code);
    }

    private static SQLException sqlite(SQLiteErrorCode code, String detail) {
        return new SQLiteException("[" + code.name() + "] " + code.message + " (" + detail + ")", code);
    }

    private static Violation of(SQLException e) {
        return Violation.of(e).orElseThrow();
    }

    @Test
    void postgreSqlSaysTheTableTheConstraintAndTheKeysColumns() {
        assertThat(of(postgres("23503", "insert or update on table \"quotes\" violates foreign key constraint",
                "Key (movie_id)=(999) is not present in table \"movies\".", "quotes", null, "quotes_movie_id_fkey")))
                .isEqualTo(new Violation(ConstraintKind.FOREIGN_KEY, Optional.of(Side.MISSING_TARGET),
                        Optional.of("quotes"), List.of("movie_id"), Optional.of("quotes_movie_id_fkey")));
        assertThat(of(postgres("23503", "update or delete on table \"movies\" violates foreign key constraint",
                "Key (id)=(1) is still referenced from table \"quotes\".", "quotes", null, "quotes_movie_id_fkey")))
                .isEqualTo(new Violation(ConstraintKind.FOREIGN_KEY, Optional.of(Side.STILL_REFERENCED),
                        Optional.of("quotes"), List.of(), Optional.of("quotes_movie_id_fkey")));
        assertThat(of(postgres("23503", "la clé étrangère", null, "quotes", null, "quotes_movie_id_fkey")).side())
                .as("without an English detail the side is the write's to tell").isEmpty();
        assertThat(of(postgres("23505", "duplicate key value violates unique constraint \"movies_title_year\"",
                "Key (title, year)=(Alien, 1979) already exists.", "movies", null, "movies_title_year")).columns())
                .containsExactly("title", "year");
        assertThat(of(postgres("23502", "null value in column \"title\"", "Failing row contains (3, null).", "movies",
                "title", null))).isEqualTo(new Violation(ConstraintKind.NOT_NULL, Optional.empty(),
                        Optional.of("movies"), List.of("title"), Optional.empty()));
        assertThat(of(postgres("23514", "new row violates check constraint", "Failing row contains (5, Young, 5).",
                "movies", null, "movies_year_check")).constraint()).contains("movies_year_check");
        assertThat(Violation.of(postgres("22001", "value too long for type character varying(20)", null, "movies",
                null, null))).isEmpty();
    }

    @Test
    void mariaDbSaysItInItsErrorNumberAndMessage() {
        String key = "a foreign key constraint fails (`t3`.`quotes`, CONSTRAINT `quotes_ibfk_1` FOREIGN KEY (`movie_id`)"
                + " REFERENCES `movies` (`id`))";
        assertThat(of(mariaDb(1452, "Cannot add or update a child row: " + key))).isEqualTo(new Violation(
                ConstraintKind.FOREIGN_KEY, Optional.of(Side.MISSING_TARGET), Optional.of("quotes"),
                List.of("movie_id"), Optional.of("quotes_ibfk_1")));
        assertThat(of(mariaDb(1451, "Cannot delete or update a parent row: " + key)).side())
                .contains(Side.STILL_REFERENCED);
        assertThat(of(mariaDb(1062, "Duplicate entry 'Alien' for key 'movies_title'")).constraint())
                .contains("movies_title");
        assertThat(of(mariaDb(1062, "Duplicate entry '1' for key 'movies.PRIMARY'")).constraint())
                .as("MySQL 8 qualifies the key").contains("PRIMARY");
        assertThat(of(mariaDb(1048, "Column 'title' cannot be null")).columns()).containsExactly("title");
        assertThat(of(new SQLException("(conn=14) Field 'title' doesn't have a default value", "HY000", 1364)))
                .isEqualTo(new Violation(ConstraintKind.NOT_NULL, Optional.empty(), Optional.empty(),
                        List.of("title"), Optional.empty()));
        assertThat(of(mariaDb(4025, "CONSTRAINT `movies.year` failed for `t3`.`movies`"))).isEqualTo(new Violation(
                ConstraintKind.CHECK, Optional.empty(), Optional.of("movies"), List.of(), Optional.of("movies.year")));
        assertThat(of(mariaDb(3819, "Check constraint 'named_check' is violated.")).constraint())
                .contains("named_check");
        assertThat(Violation.of(new SQLException("(conn=17) Data too long for column 'title' at row 1", "22001", 1406)))
                .isEmpty();
    }

    @Test
    void sqliteSaysItInItsExtendedResultCodeAndNamesNoForeignKey() {
        assertThat(of(sqlite(SQLiteErrorCode.SQLITE_CONSTRAINT_FOREIGNKEY, "FOREIGN KEY constraint failed")))
                .isEqualTo(new Violation(ConstraintKind.FOREIGN_KEY, Optional.empty(), Optional.empty(), List.of(),
                        Optional.empty()));
        assertThat(of(sqlite(SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: movies.title, movies.year")))
                .isEqualTo(new Violation(ConstraintKind.UNIQUE, Optional.empty(), Optional.of("movies"),
                        List.of("title", "year"), Optional.empty()));
        assertThat(of(sqlite(SQLiteErrorCode.SQLITE_CONSTRAINT_PRIMARYKEY, "UNIQUE constraint failed: movies.id")).kind())
                .isEqualTo(ConstraintKind.UNIQUE);
        assertThat(of(sqlite(SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: index 'lower_title'"))
                .constraint()).contains("lower_title");
        assertThat(of(sqlite(SQLiteErrorCode.SQLITE_CONSTRAINT_NOTNULL, "NOT NULL constraint failed: movies.title")).columns())
                .containsExactly("title");
        assertThat(of(sqlite(SQLiteErrorCode.SQLITE_CONSTRAINT_CHECK, "CHECK constraint failed: year > 1800")).constraint())
                .contains("year > 1800");
        assertThat(Violation.of(sqlite(SQLiteErrorCode.SQLITE_MISMATCH, "datatype mismatch"))).isEmpty();
    }

    @Test
    void theDriversMessageLosesItsPrefixesAndPostgreSqlsRowDetail() {
        assertThat(DriverMessage.of(sqlite(SQLiteErrorCode.SQLITE_CONSTRAINT_FOREIGNKEY, "FOREIGN KEY constraint failed")))
                .isEqualTo("FOREIGN KEY constraint failed");
        assertThat(DriverMessage.of(mariaDb(1048, "Column 'title' cannot be null"))).isEqualTo("Column 'title' cannot be null");
        assertThat(DriverMessage.of(postgres("23502", "null value in column \"title\"", "Failing row contains (3, secret).",
                "movies", "title", null))).isEqualTo("null value in column \"title\"");
        assertThat(DriverMessage.of(new SQLException("Connection refused"))).isEqualTo("Connection refused");
    }
}
