package dev.rt.kind.db.authz;

import dev.rt.auth.User;
import dev.rt.kind.KindException;
import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.EntityModel;
import dev.rt.kind.db.model.Nearest;
import dev.rt.kind.db.sql.Operation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads {@code authorization} ({@code rules}, {@code roleMergeStrategy}, {@code anonymousRole}) against the entities
 * the database has, at start: an unknown entity, field or operation stops the start with a message that names the
 * configuration file and the setting's JSON pointer, and the names it could have meant
 * ({@code rt.json: /authorization/rules/0/entity: unknown entity "movi" (did you mean "movie"?) ...}).
 */
public final class RulebookReader {
    private final EntityModel model;

    private RulebookReader(EntityModel model) {
        this.model = model;
    }

    /**
     * @param authorization the configuration's {@code authorization} section
     * @throws KindException at the first setting that does not fit the entities, with its JSON pointer (rt adds the
     *                       file and the service)
     */
    public static Rulebook read(Map<String, Object> authorization, EntityModel model, Dialect dialect) {
        return new RulebookReader(model).read(authorization, dialect);
    }

    private Rulebook read(Map<String, Object> authorization, Dialect dialect) {
        RoleMerge merge = RoleMerge.FIRST_MATCH;
        Object strategy = authorization.get("roleMergeStrategy");
        if (strategy != null) {
            merge = RoleMerge.of(String.valueOf(strategy)).orElseThrow(() -> error("/authorization/roleMergeStrategy",
                    "must be \"first-match\" or \"most-permissive\", found \"" + strategy + "\""));
        }
        String anonymous = authorization.get("anonymousRole") instanceof String role ? role : User.ANONYMOUS_ROLE;
        Map<String, List<Rule>> rules = new LinkedHashMap<>();
        model.entities().forEach(e -> rules.put(e.singularName(), new ArrayList<>()));
        Object list = authorization.getOrDefault("rules", List.of());
        if (!(list instanceof List<?> items)) {
            throw error("/authorization/rules", "must be an array of rules");
        }
        for (int i = 0; i < items.size(); i++) {
            String pointer = "/authorization/rules/" + i;
            if (!(items.get(i) instanceof Map<?, ?> rule)) {
                throw error(pointer, "must be an object: {\"role\": ..., \"entity\": ..., \"find\": ...}");
            }
            for (Entity entity : entities(rule, pointer)) {
                rules.get(entity.singularName()).add(new RuleReader(entity, pointer, this::error).read(rule));
            }
        }
        Map<Operation, Grant> everything = new EnumMap<>(Operation.class);
        for (Operation operation : Operation.values()) {
            everything.put(operation, Grant.ALLOWED);
        }
        rules.values().forEach(r -> r.add(new Rule(User.ADMIN_ROLE, everything, Map.of())));
        Map<String, List<Rule>> frozen = new LinkedHashMap<>();
        rules.forEach((entity, r) -> frozen.put(entity, List.copyOf(r)));
        return new Rulebook(frozen, merge, anonymous, dialect);
    }

    /** The entities a rule names: {@code entity}, or each of {@code entities}; {@code *} is every entity. */
    private Set<Entity> entities(Map<?, ?> rule, String pointer) {
        if (!(rule.get("role") instanceof String role) || role.isEmpty()) {
            throw error(pointer + "/role", "a rule needs the role it is for");
        }
        List<Object> names = new ArrayList<>();
        String at;
        if (rule.get("entity") != null && rule.get("entities") != null) {
            throw error(pointer, "a rule names either entity or entities, not both");
        } else if (rule.get("entity") != null) {
            names.add(rule.get("entity"));
            at = pointer + "/entity";
        } else if (rule.get("entities") instanceof List<?> list) {
            names.addAll(list);
            at = pointer + "/entities/";
        } else {
            throw error(pointer, "a rule needs the entity it is for (\"entity\": \"movie\", or \"entities\": [...],"
                    + " \"*\" for all)");
        }
        Set<Entity> entities = new LinkedHashSet<>();
        for (int i = 0; i < names.size(); i++) {
            String name = String.valueOf(names.get(i));
            String where = at.endsWith("/") ? at + i : at;
            if (name.equals("*")) {
                entities.addAll(model.entities());
                continue;
            }
            entities.add(model.entity(name).orElseThrow(() -> error(where, "unknown entity \"" + name + "\""
                    + hint(model.entities().stream().map(Entity::singularName).toList(), name) + "; the entities are "
                    + String.join(", ", model.entities().stream().map(Entity::singularName).toList()))));
        }
        return entities;
    }

    /** {@code (did you mean "x"?)}, when a known name is close. */
    static String hint(List<String> known, String name) {
        Optional<String> nearest = Nearest.of(known, name);
        return nearest.map(n -> " (did you mean \"" + n + "\"?)").orElse("");
    }

    private KindException error(String pointer, String message) {
        return KindException.at(pointer, pointer + ": " + message);
    }

    /** Makes the error of a setting. */
    interface Errors {
        KindException at(String pointer, String message);
    }
}
