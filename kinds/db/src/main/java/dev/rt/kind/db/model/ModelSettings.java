package dev.rt.kind.db.model;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the configuration changes in the entity model.
 *
 * @param ignoredTables  tables left out whole ({@code db.ignore: {"table": true}}), and the migrations table
 * @param ignoredColumns per table, the columns left out ({@code db.ignore: {"table": {"column": true}}})
 * @param included       when not empty, the only tables served ({@code db.include})
 * @param hidden         tables rt keeps for itself (the migrations table): never served, and no warning when absent
 */
public record ModelSettings(Set<String> ignoredTables, Map<String, Set<String>> ignoredColumns, Set<String> included,
        Optional<AutoTimestamp> autoTimestamp, Set<String> hidden) {
    public static final ModelSettings DEFAULT = new ModelSettings(Set.of(), Map.of(), Set.of(),
            Optional.of(AutoTimestamp.DEFAULT), Set.of());

    public ModelSettings {
        ignoredTables = Set.copyOf(ignoredTables);
        ignoredColumns = Map.copyOf(ignoredColumns);
        included = Set.copyOf(included);
        hidden = Set.copyOf(hidden);
    }
}
