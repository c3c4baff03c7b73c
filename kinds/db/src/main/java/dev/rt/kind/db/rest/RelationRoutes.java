package dev.rt.kind.db.rest;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.FindQuery;
import dev.rt.kind.db.sql.GuardedQueries;
import dev.rt.kind.db.sql.Limits;
import dev.rt.kind.db.sql.Operation;
import dev.rt.kind.db.sql.Operator;
import dev.rt.kind.db.sql.QueryException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Following a foreign key from either end: {@code /movies/:id/quotes} lists the quotes of a movie (paged),
 * {@code /quotes/:id/movie} gives the movie of a quote. The row at the start must exist (404 otherwise).
 */
final class RelationRoutes {
    private final Entities entities;

    RelationRoutes(Entities entities) {
        this.entities = entities;
    }

    /** The rows of {@code source} whose key {@code relation} refers to the {@code target} row of the path. */
    RestResponse referencing(RestRequest request, Entity target, Entity source, Relation relation) {
        QueryParams params = new QueryParams(request.query(), source);
        params.allowOnly(Set.of("limit", "offset", "fields", "totalCount"), false, false);
        GuardedQueries parents = entities.queries(target, request.access());
        GuardedQueries rows = entities.queries(source, request.access());
        List<Field> fields = params.fields(source, rows.visible(Operation.FIND));
        OptionalLong askedLimit = params.integer("limit");
        long limit = entities.limits().check(askedLimit);
        long offset = Limits.checkOffset(params.integer("offset"));
        boolean totalCount = params.bool("totalCount");
        KeyPath keyPath = KeyPath.of(target);
        Map<Field, Object> key = keyPath.values(request.pathParams(), entities.dialect());
        Object keyValue = key.values().iterator().next();
        List<Condition> where = List.of(new Condition.Compare(source.require(relation.field()), Operator.EQ, keyValue));
        return Sessions.run(entities.readers(), connection -> {
            if (parents.count(connection, KeyPath.conditions(key)) == 0) {
                throw QueryException.notFound(keyPath.describe(request.pathParams()) + " not found");
            }
            List<Map<String, Object>> found = rows.find(connection, new FindQuery(fields, where,
                    List.of(), OptionalLong.of(limit), offset, Optional.empty(), false));
            Map<String, String> headers = new LinkedHashMap<>();
            if (totalCount) {
                long total = RootRoutes.pageTells(askedLimit, offset, found.size()) ? offset + found.size()
                        : rows.count(connection, where);
                headers.put("X-Total-Count", Long.toString(total));
            }
            return RestResponse.ok(RestRows.rows(source, found), headers);
        });
    }

    /** The {@code target} row that the {@code source} row of the path refers to through {@code relation}. */
    RestResponse referenced(RestRequest request, Entity source, Entity target, Relation relation) {
        QueryParams params = new QueryParams(request.query(), target);
        params.allowOnly(Set.of("fields"), false, false);
        GuardedQueries holders = entities.queries(source, request.access());
        GuardedQueries targets = entities.queries(target, request.access());
        List<Field> fields = params.fields(target, targets.visible(Operation.FIND));
        KeyPath keyPath = KeyPath.of(source);
        Map<Field, Object> key = keyPath.values(request.pathParams(), entities.dialect());
        Field foreignKey = source.require(relation.field());
        return Sessions.run(entities.readers(), connection -> {
            List<Map<String, Object>> holder = holders.find(connection,
                    FindQuery.all(List.of(foreignKey), KeyPath.conditions(key)));
            if (holder.isEmpty()) {
                throw QueryException.notFound(keyPath.describe(request.pathParams()) + " not found");
            }
            Object reference = holder.get(0).get(foreignKey.name());
            List<Map<String, Object>> rows = reference == null ? List.of() : targets.find(connection,
                    FindQuery.all(fields, List.of(new Condition.Compare(target.require(relation.targetField()),
                            Operator.EQ, reference))));
            if (rows.isEmpty()) {
                throw QueryException.notFound("the " + target.singularName() + " of "
                        + keyPath.describe(request.pathParams()) + " not found");
            }
            return RestResponse.ok(RestRows.row(target, rows.get(0)));
        });
    }
}
