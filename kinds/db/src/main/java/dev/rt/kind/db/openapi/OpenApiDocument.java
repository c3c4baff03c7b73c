package dev.rt.kind.db.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.EntityModel;
import dev.rt.kind.db.model.Naming;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.model.ReverseRelation;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.links.Link;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.servers.Server;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenAPI 3.0 document of the REST routes: each entity's schemas in {@code components.schemas}, each route's
 * operation with its parameters, body and answer, relations as links. {@code db.openapi}, when it is an object,
 * is merged over it (its {@code info}, {@code servers}, {@code components.securitySchemes}, {@code security}...),
 * so that the service kind can serve it, or merge it with the document of its own routes.
 */
public final class OpenApiDocument {
    private final EntityModel model;
    private final Set<String> operationIds = new HashSet<>();

    private OpenApiDocument(EntityModel model) {
        this.model = model;
    }

    public static OpenAPI build(EntityModel model, Map<String, Object> overrides) {
        OpenAPI api = new OpenApiDocument(model).paths();
        if (overrides.isEmpty()) {
            return api;
        }
        ObjectNode tree = Json.mapper().valueToTree(api);
        merge(tree, Json.mapper().valueToTree(overrides));
        return Json.mapper().convertValue(tree, OpenAPI.class);
    }

    /** The document as JSON text, for {@code rt db schema openapi} and {@code /documentation/json}. */
    public static String json(OpenAPI api) {
        return Json.pretty(api);
    }

    private OpenAPI paths() {
        OpenAPI api = new OpenAPI().info(new Info().title("rt db").description("Exposing a SQL database as REST")
                .version("1.0.0")).servers(List.of(new Server().url("/")));
        Components components = new Components();
        Paths paths = new Paths();
        for (Entity entity : model.entities()) {
            components.addSchemas(entity.name(), EntitySchemas.output(entity));
            components.addSchemas(entity.name() + "Input", EntitySchemas.input(entity));
            entity(entity, paths);
        }
        return api.components(components).paths(paths);
    }

    private void entity(Entity entity, Paths paths) {
        Map<String, Link> links = Operations.links(model, entity);
        String plural = entity.pluralName();
        String singular = entity.singularName();
        List<Parameter> listParams = new ArrayList<>(Parameters.paging());
        listParams.add(Parameters.totalCount());
        listParams.addAll(Parameters.cursors());
        listParams.add(Parameters.fields(entity));
        listParams.addAll(Parameters.where(entity));
        listParams.addAll(Parameters.orderBy(entity));
        PathItem root = new PathItem().get(Operations.operation(id("get" + up(plural)), "Get " + plural + ".",
                "Fetch " + plural + " from the database.", entity, listParams).responses(Operations.list(entity, Map.of())));
        if (!entity.readOnly()) {
            root.post(Operations.operation(id("create" + up(singular)), "Create " + singular + ".", "Add new " + singular
                    + " to the database.", entity, List.of(Parameters.fields(entity))).requestBody(Operations.body(entity))
                    .responses(Operations.one(entity, links)));
            List<Parameter> updateParams = new ArrayList<>(List.of(Parameters.fields(entity)));
            updateParams.addAll(Parameters.where(entity));
            root.put(Operations.operation(id("update" + up(plural)), "Update " + plural + ".", "Update one or more "
                    + plural + " in the database.", entity, updateParams).requestBody(Operations.body(entity))
                    .responses(Operations.list(entity, links)));
        }
        paths.addPathItem("/" + plural + "/", root);
        if (entity.primaryKey().size() == 1) {
            single(entity, paths, links);
        } else if (entity.primaryKey().size() > 1) {
            composite(entity, paths);
        }
    }

    private void single(Entity entity, Paths paths, Map<String, Link> links) {
        String key = entity.primaryKey().get(0);
        String prefix = "/" + entity.pluralName() + "/{" + key + "}";
        List<Parameter> byKey = new ArrayList<>(List.of(Parameters.fields(entity)));
        byKey.addAll(Parameters.key(entity));
        PathItem item = new PathItem().get(Operations.operation(id("get" + entity.name() + "By" + up(key)),
                "Get " + entity.name() + " by " + key + ".", "Fetch " + entity.name() + " using its " + key
                        + " from the database.", entity, byKey).responses(Operations.one(entity, links)));
        for (ReverseRelation reverse : model.referencing(entity)) {
            Entity source = model.require(reverse.source());
            List<Parameter> params = new ArrayList<>(Parameters.paging());
            params.add(Parameters.fields(source));
            params.add(Parameters.totalCount());
            params.addAll(Parameters.key(entity));
            paths.addPathItem(prefix + "/" + reverse.path(), new PathItem().get(Operations.operation(
                    id("get" + up(source.pluralName()) + "For" + up(entity.singularName())), "Get " + source.pluralName()
                            + " for " + entity.singularName() + ".", "Fetch all the " + source.pluralName() + " for "
                            + entity.singularName() + " from the database.", entity, params)
                    .responses(Operations.list(source, Operations.links(model, source)))));
        }
        for (Relation relation : entity.relations()) {
            Entity target = model.require(relation.target());
            List<Parameter> params = new ArrayList<>(List.of(Parameters.fields(target)));
            params.addAll(Parameters.key(entity));
            paths.addPathItem(prefix + "/" + relation.path(), new PathItem().get(Operations.operation(
                    id("get" + up(target.singularName()) + "For" + up(entity.singularName())), "Get "
                            + target.singularName() + " for " + entity.singularName() + ".", "Fetch the "
                            + target.singularName() + " for " + entity.singularName() + " from the database.", entity, params)
                    .responses(Operations.one(target, Operations.links(model, target)))));
        }
        if (!entity.readOnly()) {
            item.put(Operations.operation(id("update" + up(entity.singularName())), "Update " + entity.singularName() + ".",
                    "Update " + entity.singularName() + " in the database.", entity, byKey)
                    .requestBody(Operations.body(entity)).responses(Operations.one(entity, links)));
            item.delete(Operations.operation(id("delete" + up(entity.pluralName())), "Delete " + entity.pluralName() + ".",
                    "Delete one or more " + entity.pluralName() + " from the Database.", entity, byKey)
                    .responses(Operations.one(entity, Map.of())));
        }
        paths.addPathItem(prefix, item);
    }

    private void composite(Entity entity, Paths paths) {
        StringBuilder path = new StringBuilder("/" + entity.pluralName());
        for (String key : entity.primaryKey()) {
            String segment = entity.relations().stream().filter(r -> r.field().equals(key)).map(Relation::target)
                    .findFirst().orElse(key);
            path.append('/').append(segment).append("/{").append(key).append('}');
        }
        String by = String.join("And", entity.primaryKey().stream().map(OpenApiDocument::up).toList());
        List<Parameter> params = new ArrayList<>(List.of(Parameters.fields(entity)));
        params.addAll(Parameters.key(entity));
        Operation get = Operations.operation(id("get" + entity.name() + "By" + by), "Get " + entity.name() + " by " + by
                + ".", "Fetch " + entity.name() + " by " + by + " from the database.", entity, params)
                .responses(Operations.one(entity, Map.of()));
        Operation save = Operations.operation(null, "Update " + entity.name() + " by " + by + ".", "Update "
                + entity.name() + " by " + by + " in the database.", entity, params).requestBody(Operations.body(entity))
                .responses(Operations.one(entity, Map.of()));
        Operation delete = Operations.operation(null, "Delete " + entity.name() + " by " + by + ".", "Delete "
                + entity.name() + " by " + by + " from the database.", entity, params)
                .responses(Operations.one(entity, Map.of()));
        paths.addPathItem(path.toString(), new PathItem().get(get).post(save).put(save).delete(delete));
    }

    /** The operation id, made unique the way the routes make theirs. */
    private String id(String operationId) {
        String id = operationId;
        for (int n = 2; !operationIds.add(id); n++) {
            id = operationId + n;
        }
        return id;
    }

    private static String up(String name) {
        return Naming.upperFirst(name);
    }

    /** Merges {@code overrides} into {@code tree}, objects field by field, anything else replaced. */
    static void merge(ObjectNode tree, JsonNode overrides) {
        overrides.fields().forEachRemaining(entry -> {
            JsonNode existing = tree.get(entry.getKey());
            if (existing instanceof ObjectNode object && entry.getValue().isObject()) {
                merge(object, entry.getValue());
            } else {
                tree.set(entry.getKey(), entry.getValue());
            }
        });
    }
}
