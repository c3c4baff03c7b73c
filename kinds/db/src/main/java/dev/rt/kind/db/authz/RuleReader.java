package dev.rt.kind.db.authz;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Operation;
import dev.rt.kind.db.sql.Operator;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One rule of {@code authorization.rules} read for one entity: each operation ({@code true}, {@code false} or
 * {@code {checks, fields}}), each check ({@code "ownerId": "X-RT-USER-ID"} or {@code "ownerId": {"eq": ...}}), the
 * fields and the defaults, every name checked against the entity. A {@code fields} list of {@code save} or
 * {@code insert} must hold every field a new row needs ({@code RT_DB_AUTH_NOT_NULLABLE_MISSING}): one that cannot be
 * null, has no default, and that rt and the rule's defaults do not fill.
 */
final class RuleReader {
    /** The operators a check may use, as the reference's rules have them ({@code neq} for its {@code nen}). */
    static final List<Operator> OPERATORS = List.of(Operator.EQ, Operator.NEQ, Operator.IN, Operator.NIN, Operator.GT,
            Operator.GTE, Operator.LT, Operator.LTE);
    private static final Set<String> KEYS = Set.of("role", "entity", "entities", "defaults", "find", "save", "insert",
            "updateMany", "delete");

    private final Entity entity;
    private final String pointer;
    private final RulebookReader.Errors errors;

    RuleReader(Entity entity, String pointer, RulebookReader.Errors errors) {
        this.entity = entity;
        this.pointer = pointer;
        this.errors = errors;
    }

    Rule read(Map<?, ?> rule) {
        for (Object key : rule.keySet()) {
            if (!KEYS.contains(String.valueOf(key))) {
                throw errors.at(pointer + "/" + key, "unknown setting of a rule" + RulebookReader.hint(
                        List.copyOf(KEYS), String.valueOf(key)) + "; a rule has role, entity or entities, defaults,"
                        + " and the operations find, insert, save, updateMany, delete");
            }
        }
        Map<Operation, Grant> operations = new EnumMap<>(Operation.class);
        for (Operation operation : Operation.values()) {
            if (rule.containsKey(operation.key())) {
                operations.put(operation, grant(rule.get(operation.key()), pointer + "/" + operation.key()));
            }
        }
        Map<Field, String> defaults = new LinkedHashMap<>();
        if (rule.get("defaults") instanceof Map<?, ?> map) {
            map.forEach((name, user) -> defaults.put(field(String.valueOf(name), pointer + "/defaults/" + name),
                    userField(user, pointer + "/defaults/" + name)));
        } else if (rule.containsKey("defaults")) {
            throw errors.at(pointer + "/defaults", "must be an object: {\"ownerId\": \"X-RT-USER-ID\"}");
        }
        Rule read = new Rule(String.valueOf(rule.get("role")), operations, defaults);
        for (Operation write : List.of(Operation.SAVE, Operation.INSERT)) {
            if (rule.containsKey(write.key())) {
                mandatory(read.grant(write), defaults.keySet(), pointer + "/" + write.key() + "/fields");
            }
        }
        return read;
    }

    private Grant grant(Object value, String at) {
        if (value instanceof Boolean allowed) {
            return allowed ? Grant.ALLOWED : Grant.DENIED;
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw errors.at(at, "must be true, false or {\"checks\": ..., \"fields\": [...]}");
        }
        for (Object key : map.keySet()) {
            if (!key.equals("checks") && !key.equals("fields")) {
                throw errors.at(at + "/" + key, "unknown setting of an operation; it has checks and fields");
            }
        }
        List<Check> checks = new ArrayList<>();
        if (map.get("checks") instanceof Map<?, ?> given) {
            given.forEach((name, check) -> checks.addAll(checks(String.valueOf(name), check, at + "/checks/" + name)));
        } else if (map.containsKey("checks")) {
            throw errors.at(at + "/checks", "must be an object: {\"ownerId\": \"X-RT-USER-ID\"}");
        }
        Optional<Set<Field>> fields = Optional.empty();
        if (map.get("fields") instanceof List<?> names) {
            Set<Field> listed = new LinkedHashSet<>();
            for (int i = 0; i < names.size(); i++) {
                listed.add(field(String.valueOf(names.get(i)), at + "/fields/" + i));
            }
            fields = Optional.of(listed);
        } else if (map.containsKey("fields")) {
            throw errors.at(at + "/fields", "must be an array of field names");
        }
        return new Grant(true, checks, fields);
    }

    /** {@code "X-RT-USER-ID"} (equal), or {@code {"<operator>": "X-RT-USER-ID", ...}} (each holds). */
    private List<Check> checks(String name, Object check, String at) {
        Field field = field(name, at);
        if (field.array() || field.json()) {
            throw errors.at(at, "a check compares a field with a value: " + name + " is "
                    + (field.array() ? "an array" : "JSON"));
        }
        if (!(check instanceof Map<?, ?> operators)) {
            return List.of(new Check(field, Operator.EQ, userField(check, at)));
        }
        List<Check> checks = new ArrayList<>();
        operators.forEach((key, user) -> {
            Operator operator = Operator.of(String.valueOf(key)).filter(OPERATORS::contains).orElseThrow(
                    () -> errors.at(at + "/" + key, "unknown operator" + RulebookReader.hint(
                            OPERATORS.stream().map(Operator::key).toList(), String.valueOf(key)) + "; a check takes "
                            + String.join(", ", OPERATORS.stream().map(Operator::key).toList())));
            checks.add(new Check(field, operator, userField(user, at + "/" + key)));
        });
        return checks;
    }

    private String userField(Object value, String at) {
        if (!(value instanceof String name) || name.isEmpty()) {
            throw errors.at(at, "must name a field of the user (\"X-RT-USER-ID\", a claim of its token)");
        }
        return name;
    }

    private Field field(String name, String at) {
        return entity.field(name).orElseThrow(() -> errors.at(at, "unknown field \"" + name + "\" of "
                + entity.singularName() + RulebookReader.hint(entity.fieldNames(), name) + "; its fields are "
                + String.join(", ", entity.fieldNames()) + columnHint(name)));
    }

    /** A rule names fields as the API does: {@code owner_id} is the field {@code ownerId}. */
    private String columnHint(String name) {
        return entity.fields().stream().filter(f -> f.column().equals(name)).findFirst()
                .map(f -> " (" + name + " is the column of the field " + f.name() + ")").orElse("");
    }

    private void mandatory(Grant grant, Set<Field> filled, String at) {
        if (grant.fields().isEmpty()) {
            return;
        }
        for (Field field : entity.fields()) {
            boolean needed = !field.nullable() && !field.primaryKey() && !field.hasDefault() && !field.generated()
                    && !field.autoTimestamp() && !filled.contains(field);
            if (needed && !grant.fields().get().contains(field)) {
                throw errors.at(at, "RT_DB_AUTH_NOT_NULLABLE_MISSING: missing not nullable field \"" + field.name()
                        + "\" in the rule for entity \"" + entity.singularName() + "\": a new row needs it; list it, or"
                        + " fill it with defaults");
            }
        }
    }
}
