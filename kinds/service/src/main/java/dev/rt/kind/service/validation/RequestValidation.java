package dev.rt.kind.service.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.service.HttpError;
import dev.rt.service.Validated;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Locale;

/**
 * Validates a request against its route's schemas, part by part in the reference's order (params, body, querystring,
 * headers), keeping each validated part for {@link Validated}; the first part that fails answers 400.
 */
public final class RequestValidation implements Handler<RoutingContext> {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final List<PartValidator> validators;

    public RequestValidation(List<PartValidator> validators) {
        this.validators = validators;
    }

    @Override
    public void handle(RoutingContext context) {
        try {
            for (PartValidator validator : validators) {
                validate(context, validator);
            }
        } catch (HttpError error) {
            context.fail(error);
            return;
        }
        context.next();
    }

    private static void validate(RoutingContext context, PartValidator validator) {
        switch (validator.part()) {
            case "params" -> {
                ObjectNode params = NODES.objectNode();
                context.pathParams().forEach(params::put);
                context.put(Validated.PARAMS, VertxJson.object(validator.validate(params)));
            }
            case "body" -> {
                JsonNode valid = validator.validate(ParsedBody.tree(context));
                context.put(Validated.BODY, VertxJson.from(valid));
            }
            case "querystring" -> {
                ObjectNode query = NODES.objectNode();
                for (String name : context.queryParams().names()) {
                    List<String> values = context.queryParams().getAll(name);
                    if (values.size() == 1) {
                        query.put(name, values.get(0));
                    } else {
                        ArrayNode array = query.putArray(name);
                        values.forEach(array::add);
                    }
                }
                context.put(Validated.QUERY, VertxJson.object(validator.validate(query)));
            }
            default -> {
                ObjectNode headers = NODES.objectNode();
                for (String name : context.request().headers().names()) {
                    headers.put(name.toLowerCase(Locale.ROOT), String.join(", ", context.request().headers().getAll(name)));
                }
                context.put(Validated.HEADERS, VertxJson.object(validator.validate(headers)));
            }
        }
    }
}
