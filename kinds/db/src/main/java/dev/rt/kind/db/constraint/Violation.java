package dev.rt.kind.db.constraint;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * A broken constraint as the driver reported it, with what each database says of it: PostgreSQL the table, the
 * constraint and (in English) the key's columns; MariaDB its error number and a message naming the table, the
 * columns and the other table of a foreign key; SQLite its extended result code and, but for a foreign key, the
 * columns. What no database said is empty, for {@link Violations} to find in the write that broke it.
 *
 * @param side       of a foreign key, whether the written row refers to a missing one or is still referred to
 * @param table      the table holding the constraint (of a foreign key, the referring table)
 * @param columns    its columns (of a foreign key, the referring columns), where the database names them
 * @param constraint the constraint's or the unique index's name, or a CHECK's expression (SQLite)
 */
public record Violation(ConstraintKind kind, Optional<Side> side, Optional<String> table, List<String> columns,
        Optional<String> constraint) {
    /** The two ways to break a foreign key. */
    public enum Side {
        /** The written row refers to a row that does not exist. */
        MISSING_TARGET,
        /** The deleted or rekeyed row is still referred to. */
        STILL_REFERENCED
    }

    private static final Pattern PG_KEY = Pattern.compile("^Key \\((.+?)\\)=");
    private static final Pattern MARIADB_FOREIGN_KEY = Pattern.compile("\\(`[^`]*`\\.`([^`]+)`, CONSTRAINT `([^`]+)`"
            + " FOREIGN KEY \\(([^)]+)\\) REFERENCES");
    private static final Pattern MARIADB_KEY = Pattern.compile("for key '(?:[^'.]+\\.)?([^']+)'");
    private static final Pattern MARIADB_COLUMN = Pattern.compile("^(?:Column|Field) '([^']+)'");
    private static final Pattern MARIADB_CHECK = Pattern.compile("CONSTRAINT `([^`]+)` failed for `[^`]*`\\.`([^`]+)`"
            + "|Check constraint '([^']+)' is violated");
    private static final Pattern SQLITE_COLUMNS = Pattern.compile("constraint failed: (\\w+\\.\\w+(?:, \\w+\\.\\w+)*)$");
    private static final Pattern SQLITE_NAME = Pattern.compile("constraint failed: (?:index '([^']+)'|(.+))$");

    public Violation {
        columns = List.copyOf(columns);
    }

    /** The violation {@code e} reports; empty when it reports something else. */
    public static Optional<Violation> of(SQLException e) {
        if (e instanceof PSQLException postgres && postgres.getServerErrorMessage() != null) {
            return postgres(e.getSQLState(), postgres.getServerErrorMessage());
        }
        if (e instanceof SQLiteException sqlite) {
            return sqlite(sqlite.getResultCode(), DriverMessage.of(e));
        }
        return mariaDb(e.getErrorCode(), DriverMessage.of(e));
    }

    static Optional<Violation> postgres(String state, ServerErrorMessage report) {
        Optional<String> table = Optional.ofNullable(report.getTable());
        Optional<String> constraint = Optional.ofNullable(report.getConstraint());
        String detail = report.getDetail() == null ? "" : report.getDetail();
        Matcher key = PG_KEY.matcher(detail);
        List<String> columns = key.find() ? split(key.group(1)) : List.of();
        return Optional.ofNullable(switch (state == null ? "" : state) {
            case "23503" -> {
                boolean referenced = detail.contains("still referenced");
                yield new Violation(ConstraintKind.FOREIGN_KEY, detail.isEmpty() ? Optional.empty()
                        : Optional.of(referenced ? Side.STILL_REFERENCED : Side.MISSING_TARGET), table,
                        referenced ? List.of() : columns, constraint);
            }
            case "23505" -> new Violation(ConstraintKind.UNIQUE, Optional.empty(), table, columns, constraint);
            case "23502" -> new Violation(ConstraintKind.NOT_NULL, Optional.empty(), table,
                    report.getColumn() == null ? List.of() : List.of(report.getColumn()), constraint);
            case "23514" -> new Violation(ConstraintKind.CHECK, Optional.empty(), table, List.of(), constraint);
            default -> null;
        });
    }

    static Optional<Violation> mariaDb(int code, String message) {
        return Optional.ofNullable(switch (code) {
            case 1451, 1452 -> {
                Matcher key = MARIADB_FOREIGN_KEY.matcher(message);
                boolean found = key.find();
                yield new Violation(ConstraintKind.FOREIGN_KEY, Optional.of(code == 1451 ? Side.STILL_REFERENCED
                        : Side.MISSING_TARGET), found ? Optional.of(key.group(1)) : Optional.empty(),
                        found ? split(key.group(3)) : List.of(), found ? Optional.of(key.group(2)) : Optional.empty());
            }
            case 1062 -> {
                Matcher key = MARIADB_KEY.matcher(message);
                yield new Violation(ConstraintKind.UNIQUE, Optional.empty(), Optional.empty(), List.of(),
                        key.find() ? Optional.of(key.group(1)) : Optional.empty());
            }
            case 1048, 1364 -> {
                Matcher column = MARIADB_COLUMN.matcher(message);
                yield new Violation(ConstraintKind.NOT_NULL, Optional.empty(), Optional.empty(),
                        column.find() ? List.of(column.group(1)) : List.of(), Optional.empty());
            }
            case 3819, 4025 -> {
                Matcher check = MARIADB_CHECK.matcher(message);
                boolean found = check.find();
                yield new Violation(ConstraintKind.CHECK, Optional.empty(),
                        found ? Optional.ofNullable(check.group(2)) : Optional.empty(), List.of(),
                        found ? Optional.ofNullable(check.group(1) != null ? check.group(1) : check.group(3))
                                : Optional.empty());
            }
            default -> null;
        });
    }

    static Optional<Violation> sqlite(SQLiteErrorCode code, String message) {
        ConstraintKind kind = switch (code) {
            case SQLITE_CONSTRAINT_FOREIGNKEY -> ConstraintKind.FOREIGN_KEY;
            case SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY -> ConstraintKind.UNIQUE;
            case SQLITE_CONSTRAINT_NOTNULL -> ConstraintKind.NOT_NULL;
            case SQLITE_CONSTRAINT_CHECK -> ConstraintKind.CHECK;
            default -> null;
        };
        if (kind == null) {
            return Optional.empty();
        }
        Matcher columns = SQLITE_COLUMNS.matcher(message);
        if (columns.find()) {
            List<String> qualified = split(columns.group(1));
            return Optional.of(new Violation(kind, Optional.empty(), Optional.of(qualified.get(0).split("\\.")[0]),
                    qualified.stream().map(column -> column.split("\\.")[1]).toList(), Optional.empty()));
        }
        Matcher name = SQLITE_NAME.matcher(message);
        Optional<String> constraint = name.find() ? Optional.ofNullable(name.group(1) != null ? name.group(1)
                : name.group(2)) : Optional.empty();
        return Optional.of(new Violation(kind, Optional.empty(), Optional.empty(), List.of(), constraint));
    }

    private static List<String> split(String columns) {
        return Arrays.stream(columns.split(",")).map(column -> column.strip().replace("`", "").replace("\"", ""))
                .toList();
    }
}
