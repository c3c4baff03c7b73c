package dev.rt.kind.db.constraint;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.EntityModel;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.model.ReverseRelation;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Tells a broken constraint in the entities' words: {@code the movie that quote.movieId refers to does not exist},
 * {@code the movie is still referenced by quote.movieId}, {@code a movie with this title already exists},
 * {@code movie.title cannot be null}, {@code the movie does not pass the check movies_year_check}. The driver's report
 * ({@link Violation}) names the table and columns where its database does; the write that broke the constraint fills
 * in what it does not (SQLite never says which foreign key failed: the written fields and the model narrow it down,
 * to one relation in all but the rarest writes, else to the few it can be).
 */
public final class Violations {
    /** What a write did to its entity's rows. */
    public enum Write {
        INSERT, UPDATE, DELETE
    }

    private final EntityModel model;

    public Violations(EntityModel model) {
        this.model = model;
    }

    /** The exception to throw for {@code e}, raised by that write: a {@link ConstraintViolation}, or {@code e}. */
    public SQLException explain(SQLException e, Entity entity, Write write, Collection<Field> written) {
        Optional<Violation> violation = Violation.of(e);
        if (violation.isEmpty()) {
            return e;
        }
        Violation v = violation.get();
        String message = switch (v.kind()) {
            case FOREIGN_KEY -> foreignKey(v, entity, write, written);
            case UNIQUE -> unique(v, table(v, entity));
            case NOT_NULL -> notNull(v, table(v, entity));
            case CHECK -> check(v, table(v, entity));
        };
        return new ConstraintViolation(v.kind(), message, e);
    }

    /** The message of a violation no write is known for (a deferred constraint, checked at commit). */
    public static String describe(Violation v) {
        String table = v.table().orElse("a table");
        return switch (v.kind()) {
            case FOREIGN_KEY -> v.side().map(side -> side == Violation.Side.MISSING_TARGET
                    ? "a foreign key of " + table + " refers to a row that does not exist"
                    : "the row is still referenced by a foreign key of " + table)
                    .orElse("a foreign key of " + table + " failed") + v.constraint().map(c -> " (" + c + ")").orElse("");
            case UNIQUE -> "a row of " + table + " with the same " + keyOf(v) + " already exists";
            case NOT_NULL -> table + "." + String.join(", ", v.columns()) + " cannot be null";
            case CHECK -> "a row of " + table + " does not pass the check " + v.constraint().orElse("");
        };
    }

    private String foreignKey(Violation v, Entity entity, Write write, Collection<Field> written) {
        List<String> refers = new ArrayList<>();
        Optional<String> target = Optional.empty();
        if (write != Write.DELETE && !v.side().equals(Optional.of(Violation.Side.STILL_REFERENCED))) {
            for (Relation relation : entity.relations()) {
                if ((!v.columns().isEmpty() || isWritten(relation.field(), written)) && matches(v, entity, relation)) {
                    refers.add(entity.singularName() + "." + relation.field());
                    target = target.isEmpty() ? Optional.of(relation.target()) : target;
                }
            }
        }
        if (refers.size() == 1) {
            return "the " + target.orElseThrow() + " that " + refers.get(0) + " refers to does not exist";
        }
        if (!refers.isEmpty()) {
            return "a row that " + String.join(" or ", refers) + " refers to does not exist";
        }
        List<String> referencing = new ArrayList<>();
        if (write != Write.INSERT && !v.side().equals(Optional.of(Violation.Side.MISSING_TARGET))) {
            for (ReverseRelation reverse : model.referencing(entity)) {
                Entity source = model.require(reverse.source());
                if (matches(v, source, reverse.relation()) && (v.side().isPresent() || write == Write.DELETE
                        || isWritten(reverse.relation().targetField(), written))) {
                    referencing.add(source.singularName() + "." + reverse.relation().field());
                }
            }
        }
        if (!referencing.isEmpty()) {
            return "the " + entity.singularName() + " is still referenced by " + String.join(" or ", referencing);
        }
        return describe(new Violation(v.kind(), v.side(), v.table().or(() -> Optional.of(entity.table())),
                v.columns(), v.constraint()));
    }

    private static boolean isWritten(String field, Collection<Field> written) {
        return written.stream().anyMatch(w -> w.name().equals(field));
    }

    /** Whether what the database said of the violation fits that relation of {@code holder}. */
    private static boolean matches(Violation v, Entity holder, Relation relation) {
        boolean table = v.table().map(t -> t.equalsIgnoreCase(holder.table())).orElse(true);
        Optional<String> column = holder.field(relation.field()).map(Field::column);
        boolean columns = v.columns().isEmpty() || v.columns().size() == 1 && column.isPresent()
                && v.columns().get(0).equalsIgnoreCase(column.get());
        return table && columns;
    }

    private String unique(Violation v, Optional<Entity> entity) {
        if (entity.isEmpty()) {
            return describe(v);
        }
        Entity e = entity.get();
        List<String> fields = v.columns().isEmpty() && v.constraint().filter("PRIMARY"::equals).isPresent()
                ? e.primaryKey() : fieldNames(e, v.columns());
        String which = fields.isEmpty() ? "the same " + keyOf(v) : "this " + String.join(" and ", fields);
        return "a " + e.singularName() + " with " + which + " already exists";
    }

    private String notNull(Violation v, Optional<Entity> entity) {
        if (entity.isEmpty() || v.columns().isEmpty()) {
            return describe(v);
        }
        return entity.get().singularName() + "." + String.join(", ", fieldNames(entity.get(), v.columns()))
                + " cannot be null";
    }

    private String check(Violation v, Optional<Entity> entity) {
        return entity.isEmpty() ? describe(v) : "the " + entity.get().singularName() + " does not pass the check "
                + v.constraint().orElse("of its table");
    }

    /** The entity of the violation's table, or the written one when the database did not say. */
    private Optional<Entity> table(Violation v, Entity written) {
        if (v.table().isEmpty()) {
            return Optional.of(written);
        }
        return model.entities().stream().filter(e -> e.table().equalsIgnoreCase(v.table().get())).findFirst();
    }

    private static List<String> fieldNames(Entity entity, List<String> columns) {
        return columns.stream().map(column -> entity.fields().stream().filter(f -> f.column().equalsIgnoreCase(column))
                .map(Field::name).findFirst().orElse(column)).toList();
    }

    private static String keyOf(Violation v) {
        return v.columns().isEmpty() ? v.constraint().map(c -> c + " (a unique key)").orElse("unique key")
                : String.join(" and ", v.columns());
    }
}
