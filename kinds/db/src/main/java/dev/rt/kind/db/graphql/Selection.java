package dev.rt.kind.db.graphql;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Relation;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.SelectedField;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The columns a field's selection needs: the fields asked for, the foreign keys behind the relations asked for, and
 * always the key (which the relations to this entity start from). What it exposes, for {@code authorization.rules}:
 * the fields asked for (under any alias, in any fragment), the foreign keys of the relations it follows, and the key
 * when it follows a relation to this entity.
 */
final class Selection {
    private Selection() {
    }

    static List<Field> fields(Entity entity, DataFetchingEnvironment env) {
        Set<String> names = new LinkedHashSet<>(entity.primaryKey());
        for (SelectedField selected : env.getSelectionSet().getImmediateFields()) {
            String name = selected.getName();
            if (entity.field(name).isPresent()) {
                names.add(name);
            }
            for (Relation relation : entity.relations()) {
                if (relation.graphqlField().equals(name)) {
                    names.add(relation.field());
                }
            }
        }
        return entity.fields().stream().filter(f -> names.contains(f.name())).toList();
    }

    static List<Field> exposed(Entity entity, DataFetchingEnvironment env, Set<String> reverse) {
        Set<String> names = new LinkedHashSet<>();
        for (SelectedField selected : env.getSelectionSet().getImmediateFields()) {
            String name = selected.getName();
            if (entity.field(name).isPresent()) {
                names.add(name);
            }
            for (Relation relation : entity.relations()) {
                if (relation.graphqlField().equals(name)) {
                    names.add(relation.field());
                }
            }
            if (reverse.contains(name)) {
                names.addAll(entity.primaryKey());
            }
        }
        return entity.fields().stream().filter(f -> names.contains(f.name())).toList();
    }
}
