package dev.rt.kind.db.openapi;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.EntityModel;
import dev.rt.kind.db.model.Naming;
import dev.rt.kind.db.model.Relation;
import dev.rt.kind.db.model.ReverseRelation;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.links.Link;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builders of the operations' parts: bodies, answers (one row or a list), and the links that follow relations. */
final class Operations {
    private Operations() {
    }

    static Operation operation(String id, String summary, String description, Entity tag, List<Parameter> parameters) {
        Operation operation = new Operation().summary(summary).description(description).addTagsItem(tag.table());
        if (id != null) {
            operation.operationId(id);
        }
        operation.parameters(new ArrayList<>(parameters));
        return operation;
    }

    static RequestBody body(Entity entity) {
        return new RequestBody().required(true).content(json(ref(entity.name() + "Input")));
    }

    static ApiResponses one(Entity entity, Map<String, Link> links) {
        ApiResponse response = new ApiResponse().description("A " + entity.name()).content(json(ref(entity.name())));
        if (!links.isEmpty()) {
            response.links(links);
        }
        return new ApiResponses().addApiResponse("200", response);
    }

    static ApiResponses list(Entity entity, Map<String, Link> links) {
        ApiResponse response = new ApiResponse().description("Default Response")
                .content(json(new ArraySchema().items(ref(entity.name()))));
        if (!links.isEmpty()) {
            response.links(links);
        }
        return new ApiResponses().addApiResponse("200", response);
    }

    /** From a row of {@code entity}: to the row each foreign key refers to, and to the rows that refer to it. */
    static Map<String, Link> links(EntityModel model, Entity entity) {
        Map<String, Link> links = new LinkedHashMap<>();
        for (Relation relation : entity.relations()) {
            Entity target = model.require(relation.target());
            if (target.primaryKey().isEmpty()) {
                continue;
            }
            String key = target.primaryKey().get(0);
            String id = "get" + target.name() + "By" + Naming.upperFirst(key);
            links.put(Naming.upperFirst(id), new Link().operationId(id)
                    .parameters(key, "$response.body#/" + relation.field()));
        }
        for (ReverseRelation reverse : model.referencing(entity)) {
            Entity source = model.require(reverse.source());
            if (source.primaryKey().size() != 1) {
                continue;
            }
            String id = "get" + Naming.upperFirst(source.pluralName());
            links.put(Naming.upperFirst(id), new Link().operationId(id).parameters("where." + reverse.relation().field()
                    + ".eq", "$response.body#/" + reverse.relation().targetField()));
        }
        return links;
    }

    private static Content json(Schema<?> schema) {
        return new Content().addMediaType("application/json", new MediaType().schema(schema));
    }

    private static Schema<?> ref(String name) {
        return new Schema<>().$ref("#/components/schemas/" + name);
    }
}
