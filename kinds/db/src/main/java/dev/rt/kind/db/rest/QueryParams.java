package dev.rt.kind.db.rest;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.QueryException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The query string of a generated route, checked: every parameter must be one the route knows, each value of its
 * type. Messages name the parameter as a JSON pointer into the query string: {@code querystring/limit must be
 * integer}.
 */
final class QueryParams {
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");

    private final Map<String, List<String>> query;
    private final Entity entity;

    QueryParams(Map<String, List<String>> query, Entity entity) {
        this.query = query;
        this.entity = entity;
    }

    /** Refuses any parameter outside {@code names} and, when {@code filters} is set, the where and orderby ones. */
    void allowOnly(Set<String> names, boolean whereAndOrder, boolean order) {
        for (String key : query.keySet()) {
            boolean known = names.contains(key) || whereAndOrder && (key.startsWith("where.") || order && key.startsWith("orderby."));
            if (!known) {
                List<String> accepted = new ArrayList<>(names.stream().sorted().toList());
                if (whereAndOrder) {
                    accepted.add("where.<field>.<operator>");
                    accepted.add("where.or");
                    if (order) {
                        accepted.add("orderby.<field>");
                    }
                }
                throw QueryException.invalid("querystring/" + key + " is not a known parameter; this route takes "
                        + String.join(", ", accepted));
            }
        }
    }

    Optional<String> single(String name) {
        List<String> values = query.get(name);
        if (values == null || values.isEmpty()) {
            return Optional.empty();
        }
        if (values.size() > 1) {
            throw QueryException.invalid("querystring/" + name + " must be given once, found " + values.size() + " times");
        }
        return Optional.of(values.get(0));
    }

    OptionalLong integer(String name) {
        Optional<String> value = single(name);
        if (value.isEmpty()) {
            return OptionalLong.empty();
        }
        if (!INTEGER.matcher(value.get().trim()).matches()) {
            throw QueryException.invalid("querystring/" + name + " must be integer");
        }
        return OptionalLong.of(Long.parseLong(value.get().trim()));
    }

    boolean bool(String name) {
        Optional<String> value = single(name);
        if (value.isEmpty()) {
            return false;
        }
        return switch (value.get()) {
            case "true", "1" -> true;
            case "false", "0", "" -> false;
            default -> throw QueryException.invalid("querystring/" + name + " must be boolean");
        };
    }

    /** {@code fields=a,b} (or repeated): the fields to answer with, in the entity's order; all when absent. */
    List<Field> fields(Entity of) {
        return fields(of, of.fields());
    }

    /** {@code fields=a,b} (or repeated), in the entity's order; {@code absent} when there is none. */
    List<Field> fields(Entity of, List<Field> absent) {
        List<String> values = query.get("fields");
        if (values == null) {
            return absent;
        }
        List<String> names = values.stream().flatMap(v -> Arrays.stream(v.split(","))).map(String::trim).toList();
        for (int i = 0; i < names.size(); i++) {
            if (of.field(names.get(i)).isEmpty()) {
                throw QueryException.invalid("querystring/fields/" + i + " must be equal to one of the allowed values ("
                        + String.join(", ", of.fieldNames().stream().sorted().toList()) + "), found \"" + names.get(i)
                        + "\"");
            }
        }
        return of.fields().stream().filter(f -> names.contains(f.name())).toList();
    }

    Entity entity() {
        return entity;
    }

    Map<String, List<String>> raw() {
        return query;
    }
}
