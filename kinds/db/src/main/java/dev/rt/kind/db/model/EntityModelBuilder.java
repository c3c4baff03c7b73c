package dev.rt.kind.db.model;

import dev.rt.kind.KindLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns the catalogue into the entity model: leaves out what {@code db.ignore} and {@code db.include} say, marks the
 * auto-timestamp columns, names everything, and relates entities through their foreign keys. A table without a
 * primary key takes its first single-column unique key as one; without either it is served read-only, with a
 * warning.
 */
public final class EntityModelBuilder {
    private EntityModelBuilder() {
    }

    public static EntityModel build(List<TableInfo> tables, ModelSettings settings, KindLog log) {
        List<String> names = tables.stream().map(TableInfo::name).toList();
        warnUnknown(names, settings.ignoredTables(), "Ignored table", log);
        warnUnknown(names, settings.included(), "Specified table", log);
        warnUnknown(names, settings.ignoredColumns().keySet(), "Ignored table", log);
        List<TableInfo> kept = tables.stream().filter(t -> !settings.ignoredTables().contains(t.name()))
                .filter(t -> !settings.hidden().contains(t.name()))
                .filter(t -> settings.included().isEmpty() || settings.included().contains(t.name())).toList();
        Map<String, TableInfo> byName = new HashMap<>();
        kept.forEach(t -> byName.put(t.name(), t));
        List<Entity> entities = new ArrayList<>();
        for (TableInfo table : kept) {
            entities.add(entity(table, byName, settings, log));
        }
        return new EntityModel(entities);
    }

    private static Entity entity(TableInfo table, Map<String, TableInfo> tables, ModelSettings settings, KindLog log) {
        Set<String> ignoredColumns = settings.ignoredColumns().getOrDefault(table.name(), Set.of());
        List<String> columnNames = table.columns().stream().map(ColumnInfo::name).toList();
        warnUnknown(columnNames, ignoredColumns, "Ignored column", log);
        List<String> key = table.primaryKey();
        if (key.isEmpty() && !table.view() && !table.unique().isEmpty()) {
            key = List.of(table.unique().get(0));
        }
        if (key.isEmpty() && !table.view()) {
            log.warn("The table \"" + table.name() + "\" has no primary key: it is served read-only (add a primary"
                    + " key to write to it)");
        }
        Map<String, ForeignKeyInfo> foreign = new HashMap<>();
        for (ForeignKeyInfo fk : table.foreignKeys()) {
            TableInfo target = tables.get(fk.foreignTable());
            if (target != null && !ignoredColumns.contains(fk.column())
                    && !settings.ignoredColumns().getOrDefault(target.name(), Set.of()).contains(fk.foreignColumn())) {
                foreign.put(fk.column(), fk);
            }
        }
        List<Field> fields = new ArrayList<>();
        for (ColumnInfo column : table.columns()) {
            if (ignoredColumns.contains(column.name())) {
                continue;
            }
            ForeignKeyInfo fk = foreign.get(column.name());
            boolean referencesKey = fk != null && targetKey(tables.get(fk.foreignTable())).equals(List.of(fk.foreignColumn()));
            fields.add(field(column, settings.autoTimestamp()).withKeys(key.contains(column.name()), fk != null,
                    referencesKey));
        }
        List<String> keyFields = key.stream().map(Naming::camelCase).toList();
        String name = Naming.entityName(table.name());
        return new Entity(name, Naming.camelCase(name), Naming.camelCase(table.name()), table.name(), table.view(),
                fields, keyFields, relations(table, foreign, tables), table.view() || key.isEmpty());
    }

    private static List<String> targetKey(TableInfo target) {
        return target.primaryKey().isEmpty() && !target.unique().isEmpty() ? List.of(target.unique().get(0))
                : target.primaryKey();
    }

    private static Field field(ColumnInfo column, Optional<AutoTimestamp> autoTimestamp) {
        Field.Stamp stamp = autoTimestamp.map(a -> a.createdAt().equals(column.name()) ? Field.Stamp.CREATED
                : a.updatedAt().equals(column.name()) ? Field.Stamp.UPDATED : Field.Stamp.NONE).orElse(Field.Stamp.NONE);
        return new Field(column.name(), Naming.camelCase(column.name()), column.sqlType(),
                column.array() ? SqlTypes.json(column.sqlType(), false) : SqlTypes.json(column.sqlType(), column.json()),
                SqlTypes.temporal(column.sqlType()), column.nullable(), false, column.generated(), column.hasDefault(),
                column.array(), column.enumValues(), column.json(), stamp, false, false);
    }

    private static List<Relation> relations(TableInfo table, Map<String, ForeignKeyInfo> foreign,
            Map<String, TableInfo> tables) {
        List<Relation> relations = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        int counter = 1;
        for (ColumnInfo column : table.columns()) {
            ForeignKeyInfo fk = foreign.get(column.name());
            if (fk == null) {
                continue;
            }
            String path = fk.column().replaceFirst("_id$", "");
            if (paths.contains(path)) {
                counter++;
                path = path + counter;
            } else {
                paths.add(path);
            }
            List<String> targetKey = targetKey(tables.get(fk.foreignTable()));
            String graphql = fk.column();
            if (targetKey.size() == 1 && graphql.endsWith("_" + targetKey.get(0))) {
                graphql = graphql.substring(0, graphql.length() - targetKey.get(0).length() - 1);
            }
            relations.add(new Relation(Naming.camelCase(fk.column()),
                    Naming.camelCase(Naming.entityName(fk.foreignTable())), Naming.camelCase(fk.foreignColumn()), path,
                    Naming.lowerFirst(Naming.camelCase(graphql))));
        }
        return List.copyOf(relations);
    }

    private static void warnUnknown(List<String> known, Set<String> named, String what, KindLog log) {
        for (String name : named) {
            if (!known.contains(name)) {
                String message = what + " \"" + name + "\" not found.";
                Optional<String> nearest = Nearest.of(known, name);
                log.warn(nearest.map(n -> message + " Did you mean \"" + n + "\"?").orElse(message));
            }
        }
    }
}
