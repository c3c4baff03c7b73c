package dev.rt.kind.db.sql;

import dev.rt.kind.db.model.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What one caller may do in one operation on one entity's rows: the conditions every row it touches must meet
 * (added to the statement's {@code WHERE}, as bound values), the fields it may read, return, filter or sort on, or
 * write (all when empty), and the values its inserts and saves get whatever they say.
 *
 * @param checks   conditions on the rows, of the field's types (a check the caller cannot meet is one no row meets)
 * @param fields   the only fields the operation may touch, when it is restricted
 * @param defaults values written into every row the operation inserts or saves, over the caller's
 * @param subject  the operation and entity for messages: {@code find movie}
 * @param caller   who asks, for messages: {@code the roles user, editor}
 * @param refusal  the status of a refusal: 401 for a caller without credentials, 403 for a known one
 */
public record Permission(List<Condition> checks, Optional<Set<Field>> fields, Map<Field, Object> defaults,
        String subject, String caller, int refusal) {
    /** Everything: no condition, every field, no default. */
    public static final Permission ALL = new Permission(List.of(), Optional.empty(), Map.of(), "", "", 403);

    /** The code of a refused operation, as the reference's {@code PLT_DB_AUTH_UNAUTHORIZED}. */
    public static final String UNAUTHORIZED = "RT_DB_AUTH_UNAUTHORIZED";
    /** The code of a refused field, as the reference's {@code PLT_DB_AUTH_FIELD_UNAUTHORIZED}. */
    public static final String FIELD_UNAUTHORIZED = "RT_DB_AUTH_FIELD_UNAUTHORIZED";

    public Permission {
        checks = List.copyOf(checks);
        fields = fields.map(Set::copyOf);
        defaults = Collections.unmodifiableMap(new LinkedHashMap<>(defaults));
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(caller, "caller");
    }

    /** Whether nothing is restricted: the statements run as they are. */
    public boolean unrestricted() {
        return checks.isEmpty() && fields.isEmpty() && defaults.isEmpty();
    }

    /** The fields of {@code all} the operation may touch, in their order. */
    public List<Field> visible(List<Field> all) {
        return fields.isEmpty() ? all : all.stream().filter(fields.get()::contains).toList();
    }

    /** Refuses a field outside the permitted ones (asked for, filtered or sorted on, written). */
    public void touch(Collection<Field> touched) {
        if (fields.isPresent()) {
            for (Field field : touched) {
                if (!fields.get().contains(field)) {
                    throw new QueryException(refusal, FIELD_UNAUTHORIZED, "field not allowed: " + field.name() + " ("
                            + subject + " as " + caller + ")");
                }
            }
        }
    }

    /** Refuses conditions and sort keys on fields outside the permitted ones: they would tell the fields' values. */
    public void filter(List<Condition> where, List<OrderBy> orderBy) {
        if (fields.isPresent()) {
            touch(fieldsOf(where, new ArrayList<>()));
            touch(orderBy.stream().map(OrderBy::field).toList());
        }
    }

    /** The caller's conditions, and the checks. */
    public List<Condition> where(List<Condition> where) {
        if (checks.isEmpty()) {
            return where;
        }
        List<Condition> all = new ArrayList<>(where);
        all.addAll(checks);
        return all;
    }

    /** The values to write: the caller's, each on a permitted field unless {@code exempt}, then the defaults. */
    public Map<Field, Object> write(Map<Field, Object> values, Collection<Field> exempt) {
        List<Field> written = values.keySet().stream().filter(f -> !exempt.contains(f)).toList();
        touch(written);
        if (defaults.isEmpty()) {
            return values;
        }
        Map<Field, Object> filled = new LinkedHashMap<>(values);
        filled.putAll(defaults);
        return filled;
    }

    /** The refusal of the operation itself. */
    public QueryException denied() {
        return new QueryException(refusal, UNAUTHORIZED, "operation not allowed: " + subject + " as " + caller);
    }

    private static List<Field> fieldsOf(List<Condition> conditions, List<Field> into) {
        for (Condition condition : conditions) {
            if (condition instanceof Condition.Compare c) {
                into.add(c.field());
            } else if (condition instanceof Condition.IsNull n) {
                into.add(n.field());
            } else if (condition instanceof Condition.Or or) {
                or.branches().forEach(branch -> fieldsOf(branch, into));
            }
        }
        return into;
    }
}
