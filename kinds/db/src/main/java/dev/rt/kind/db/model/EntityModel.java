package dev.rt.kind.db.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every entity the database offers, ordered by table name, with the foreign keys seen from both ends. */
public final class EntityModel {
    private final Map<String, Entity> bySingular = new LinkedHashMap<>();
    private final Map<String, List<ReverseRelation>> reverse = new LinkedHashMap<>();

    EntityModel(List<Entity> entities) {
        entities.forEach(e -> bySingular.put(e.singularName(), e));
        for (Entity entity : entities) {
            reverse.put(entity.singularName(), new ArrayList<>());
        }
        for (Entity source : entities) {
            for (Relation relation : source.relations()) {
                reverse.get(relation.target()).add(new ReverseRelation(source.singularName(), relation, ""));
            }
        }
        reverse.replaceAll((target, list) -> withPaths(target, list));
    }

    public List<Entity> entities() {
        return List.copyOf(bySingular.values());
    }

    public Optional<Entity> entity(String singularName) {
        return Optional.ofNullable(bySingular.get(singularName));
    }

    public Entity require(String singularName) {
        return entity(singularName).orElseThrow(() -> new IllegalArgumentException("no entity " + singularName));
    }

    /** The foreign keys of other entities that refer to this one, with their REST path segments. */
    public List<ReverseRelation> referencing(Entity target) {
        return reverse.getOrDefault(target.singularName(), List.of());
    }

    /** Names each reverse relation's path: the holder's plural name, unless the holder has several keys to it. */
    private List<ReverseRelation> withPaths(String target, List<ReverseRelation> relations) {
        List<ReverseRelation> named = new ArrayList<>();
        List<String> used = new ArrayList<>();
        int counter = 1;
        for (ReverseRelation r : relations) {
            Entity source = bySingular.get(r.source());
            long toTarget = source.relations().stream().filter(x -> x.target().equals(target)).count();
            String path = toTarget > 1
                    ? Naming.camelCase(Inflector.singularize(Naming.camelCase(source.table())) + "-" + r.relation().field())
                    : source.pluralName();
            if (used.contains(path)) {
                counter++;
                path = path + counter;
            } else {
                used.add(path);
            }
            named.add(new ReverseRelation(r.source(), r.relation(), path));
        }
        return List.copyOf(named);
    }
}
