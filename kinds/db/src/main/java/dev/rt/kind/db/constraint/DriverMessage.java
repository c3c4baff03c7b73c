package dev.rt.kind.db.constraint;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A driver's message as a client may read it: without sqlite-jdbc's {@code [SQLITE_CONSTRAINT_UNIQUE] A UNIQUE
 * constraint failed (...)} wrapping (the part in parentheses is SQLite's own), MariaDB Connector/J's
 * {@code (conn=12)} or PostgreSQL's {@code ERROR:}, and without PostgreSQL's further lines ({@code Detail: Failing row
 * contains (...)} would hand out the whole row).
 */
public final class DriverMessage {
    private static final Pattern SQLITE = Pattern.compile("^\\[SQLITE_[A-Z_]+\\][^(]*\\((.*)\\)$", Pattern.DOTALL);
    private static final Pattern MARIADB = Pattern.compile("^\\(conn=\\d+\\)\\s*");
    private static final Pattern POSTGRES = Pattern.compile("^(ERROR|FATAL|PANIC):\\s*");

    private DriverMessage() {
    }

    public static String of(SQLException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage().strip();
        Matcher sqlite = SQLITE.matcher(message);
        if (sqlite.matches()) {
            return sqlite.group(1).strip();
        }
        message = MARIADB.matcher(message).replaceFirst("");
        if (POSTGRES.matcher(message).find()) {
            message = POSTGRES.matcher(message).replaceFirst("").lines().findFirst().orElse("").strip();
        }
        return message;
    }
}
