package dev.rt.kind.db.rest;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.FindQuery;
import dev.rt.kind.db.sql.GuardedQueries;
import dev.rt.kind.db.sql.Limits;
import dev.rt.kind.db.sql.Operation;
import dev.rt.kind.db.sql.OrderBy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/** The routes on an entity's prefix: list ({@code GET}), create ({@code POST}), update many ({@code PUT}). */
final class RootRoutes {
    private static final Set<String> LIST_PARAMS = Set.of("limit", "offset", "totalCount", "cursor", "startAfter",
            "endBefore", "fields");

    private final Entities entities;
    private final Entity entity;

    RootRoutes(Entities entities, Entity entity) {
        this.entities = entities;
        this.entity = entity;
    }

    RestResponse list(RestRequest request) {
        QueryParams params = new QueryParams(request.query(), entity);
        params.allowOnly(LIST_PARAMS, true, true);
        GuardedQueries rows = entities.queries(entity, request.access());
        List<Field> fields = params.fields(entity, rows.visible(Operation.FIND));
        List<Condition> where = new WhereParams(entity, entities.dialect()).parse(request.query());
        List<OrderBy> orderBy = OrderParams.parse(entity, request.query());
        OptionalLong askedLimit = params.integer("limit");
        long limit = entities.limits().check(askedLimit);
        long offset = Limits.checkOffset(params.integer("offset"));
        boolean totalCount = params.bool("totalCount");
        boolean cursorHeaders = params.bool("cursor");
        Cursors cursors = new Cursors(entity, entities.dialect());
        Optional<String> startAfter = params.single("startAfter").filter(s -> !s.isEmpty());
        Optional<String> endBefore = params.single("endBefore").filter(s -> !s.isEmpty());
        Optional<Map<Field, Object>> position = startAfter.map(c -> cursors.decode(c, "startAfter", orderBy))
                .or(() -> endBefore.map(c -> cursors.decode(c, "endBefore", orderBy)));
        boolean backward = startAfter.isEmpty() && endBefore.isPresent();
        FindQuery query = new FindQuery(fields, where, orderBy, OptionalLong.of(limit), offset, position, backward);
        return Sessions.run(entities.readers(), connection -> {
            List<Map<String, Object>> found = rows.find(connection, query);
            Map<String, String> headers = new LinkedHashMap<>();
            if (totalCount) {
                long total = pageTells(askedLimit, offset, found.size()) ? offset + found.size()
                        : rows.count(connection, where);
                headers.put("X-Total-Count", Long.toString(total));
            }
            if ((cursorHeaders || position.isPresent()) && !found.isEmpty()) {
                headers.put("X-Start-After", cursors.encode(found.get(found.size() - 1), orderBy));
                headers.put("X-End-Before", cursors.encode(found.get(0), orderBy));
            }
            return RestResponse.ok(RestRows.rows(entity, found), headers);
        });
    }

    /** Whether a page shows the whole count by itself: a short page at a known position. */
    static boolean pageTells(OptionalLong askedLimit, long offset, int size) {
        return (offset == 0 || size > 0) && askedLimit.isPresent() && size < askedLimit.getAsLong();
    }

    RestResponse create(RestRequest request, String prefix) {
        QueryParams params = new QueryParams(request.query(), entity);
        params.allowOnly(Set.of("fields"), false, false);
        Map<Field, Object> values = BodyReader.read(entity, request.body(), entities.dialect());
        GuardedQueries rows = entities.queries(entity, request.access());
        List<Field> asked = params.fields(entity, rows.visible(rows.writeOf(values)));
        List<Field> keys = entity.primaryKeyFields();
        List<Field> fields = new ArrayList<>(asked);
        for (Field key : keys) {
            if (!fields.contains(key)) {
                fields.add(key);
            }
        }
        Map<String, Object> saved = Sessions.run(entities.dataSource(),
                connection -> rows.save(connection, values, fields, asked));
        String location = KeyPath.of(entity).location(prefix, saved);
        Map<String, Object> body = RestRows.row(entity, saved); // this request's own row, changed in place
        for (Field key : keys) {
            if (!asked.contains(key)) {
                body.remove(key.name());
            }
        }
        return RestResponse.ok(ordered(body), Map.of("location", location));
    }

    RestResponse updateMany(RestRequest request, String prefix) {
        QueryParams params = new QueryParams(request.query(), entity);
        params.allowOnly(Set.of("fields"), true, false);
        GuardedQueries guarded = entities.queries(entity, request.access());
        List<Field> fields = params.fields(entity, guarded.visible(Operation.UPDATE_MANY));
        List<Condition> where = new WhereParams(entity, entities.dialect()).parse(request.query());
        Map<Field, Object> values = BodyReader.read(entity, request.body(), entities.dialect());
        List<Map<String, Object>> rows = Sessions.run(entities.dataSource(),
                connection -> guarded.updateMany(connection, values, where, fields));
        return RestResponse.ok(RestRows.rows(entity, rows), Map.of("location", prefix));
    }

    /** The row's fields in the entity's order. */
    private Map<String, Object> ordered(Map<String, Object> row) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Field f : entity.fields()) {
            if (row.containsKey(f.name())) {
                out.put(f.name(), row.get(f.name()));
            }
        }
        return out;
    }
}
