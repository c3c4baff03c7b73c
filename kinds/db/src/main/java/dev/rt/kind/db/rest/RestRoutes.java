package dev.rt.kind.db.rest;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Naming;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.model.ReverseRelation;
import dev.rt.kind.db.sql.Entities;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Every REST route of the entities, in registration order. Per entity, on {@code /<plural>}: list, and unless it is
 * read-only create and update-many; by key ({@code /<plural>/:id}, or the composite key's path): get, update,
 * delete; with a one-column key, the relations from both ends. Operation ids follow one pattern
 * ({@code getMovies}, {@code createMovie}, {@code getMovieById}, {@code getQuotesForMovie}) and stay unique.
 */
public final class RestRoutes {
    private final Entities entities;
    private final Set<String> operationIds = new HashSet<>();
    private final List<RestRoute> routes = new ArrayList<>();

    private RestRoutes(Entities entities) {
        this.entities = entities;
    }

    public static List<RestRoute> of(Entities entities) {
        RestRoutes builder = new RestRoutes(entities);
        entities.model().entities().forEach(builder::add);
        return List.copyOf(builder.routes);
    }

    private void add(Entity entity) {
        String prefix = "/" + entity.pluralName();
        RootRoutes root = new RootRoutes(entities, entity);
        route("GET", prefix, prefix + "/", "get" + up(entity.pluralName()), root::list);
        if (!entity.readOnly()) {
            route("POST", prefix, prefix + "/", "create" + up(entity.singularName()), r -> root.create(r, prefix));
            route("PUT", prefix, prefix + "/", "update" + up(entity.pluralName()), r -> root.updateMany(r, prefix));
        }
        if (entity.primaryKey().isEmpty()) {
            return;
        }
        KeyRoutes byKey = new KeyRoutes(entities, entity);
        KeyPath keyPath = KeyPath.of(entity);
        String path = prefix + keyPath.path(false);
        String openApiPath = prefix + keyPath.path(true);
        String byName = String.join("And", entity.primaryKey().stream().map(RestRoutes::up).toList());
        route("GET", path, openApiPath, "get" + entity.name() + "By" + byName, byKey::get);
        if (entity.primaryKey().size() == 1) {
            relations(entity, prefix, path, openApiPath);
            route("PUT", path, openApiPath, "update" + up(entity.singularName()), r -> byKey.update(r, prefix));
            route("DELETE", path, openApiPath, "delete" + up(entity.pluralName()), byKey::delete);
        } else {
            route("POST", path, openApiPath, null, r -> byKey.update(r, prefix));
            route("PUT", path, openApiPath, null, r -> byKey.update(r, prefix));
            route("DELETE", path, openApiPath, null, byKey::delete);
        }
    }

    private void relations(Entity entity, String prefix, String path, String openApiPath) {
        RelationRoutes relations = new RelationRoutes(entities);
        for (ReverseRelation reverse : entities.model().referencing(entity)) {
            Entity source = entities.model().require(reverse.source());
            route("GET", path + "/" + reverse.path(), openApiPath + "/" + reverse.path(),
                    "get" + up(source.pluralName()) + "For" + up(entity.singularName()),
                    r -> relations.referencing(r, entity, source, reverse.relation()));
        }
        for (Relation relation : entity.relations()) {
            Entity target = entities.model().require(relation.target());
            route("GET", path + "/" + relation.path(), openApiPath + "/" + relation.path(),
                    "get" + up(target.singularName()) + "For" + up(entity.singularName()),
                    r -> relations.referenced(r, entity, target, relation));
        }
    }

    private void route(String method, String path, String openApiPath, String operationId, RestRoute.Handler handler) {
        Optional<String> id = Optional.ofNullable(operationId).map(this::unique);
        routes.add(new RestRoute(method, path, openApiPath, id, Sessions.guarded(handler)));
    }

    /** The id, or, when another route has it already, the id with a number that makes it unique. */
    private String unique(String operationId) {
        String id = operationId;
        for (int n = 2; !operationIds.add(id); n++) {
            id = operationId + n;
        }
        return id;
    }

    static String up(String name) {
        return Naming.upperFirst(name);
    }
}
