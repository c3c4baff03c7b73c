package dev.rt.kind.db.rest;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.FindQuery;
import dev.rt.kind.db.sql.GuardedQueries;
import dev.rt.kind.db.sql.Operation;
import dev.rt.kind.db.sql.QueryException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The routes on one row, by its key: get, update (a save with the key), delete. A missing row is a 404 that says so. */
final class KeyRoutes {
    private final Entities entities;
    private final Entity entity;
    private final KeyPath keyPath;

    KeyRoutes(Entities entities, Entity entity) {
        this.entities = entities;
        this.entity = entity;
        this.keyPath = KeyPath.of(entity);
    }

    RestResponse get(RestRequest request) {
        GuardedQueries guarded = entities.queries(entity, request.access());
        List<Field> fields = fields(request, guarded, Operation.FIND);
        Map<Field, Object> key = keyPath.values(request.pathParams(), entities.dialect());
        List<Map<String, Object>> rows = Sessions.run(entities.readers(),
                connection -> guarded.find(connection, FindQuery.all(fields, KeyPath.conditions(key))));
        return RestResponse.ok(RestRows.row(entity, first(rows, request)));
    }

    RestResponse update(RestRequest request, String prefix) {
        GuardedQueries guarded = entities.queries(entity, request.access());
        List<Field> fields = fields(request, guarded, Operation.SAVE);
        Map<Field, Object> key = keyPath.values(request.pathParams(), entities.dialect());
        Map<Field, Object> values = new LinkedHashMap<>(BodyReader.read(entity, request.body(), entities.dialect()));
        values.putAll(key);
        Map<String, Object> saved = Sessions.run(entities.dataSource(),
                connection -> guarded.save(connection, values, fields, fields));
        Map<String, Object> withKey = new LinkedHashMap<>(saved);
        key.forEach((field, value) -> withKey.putIfAbsent(field.name(), value));
        return RestResponse.ok(RestRows.row(entity, saved), Map.of("location", keyPath.location(prefix, withKey)));
    }

    RestResponse delete(RestRequest request) {
        GuardedQueries guarded = entities.queries(entity, request.access());
        List<Field> fields = fields(request, guarded, Operation.DELETE);
        Map<Field, Object> key = keyPath.values(request.pathParams(), entities.dialect());
        List<Map<String, Object>> rows = Sessions.run(entities.dataSource(),
                connection -> guarded.delete(connection, KeyPath.conditions(key), fields));
        return RestResponse.ok(RestRows.row(entity, first(rows, request)));
    }

    /** {@code fields=}, or all those the operation may touch. */
    private List<Field> fields(RestRequest request, GuardedQueries guarded, Operation operation) {
        QueryParams params = new QueryParams(request.query(), entity);
        params.allowOnly(Set.of("fields"), false, false);
        return params.fields(entity, guarded.visible(operation));
    }

    private Map<String, Object> first(List<Map<String, Object>> rows, RestRequest request) {
        if (rows.isEmpty()) {
            throw QueryException.notFound(keyPath.describe(request.pathParams()) + " not found");
        }
        return rows.get(0);
    }
}
