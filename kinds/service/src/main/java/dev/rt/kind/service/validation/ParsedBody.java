package dev.rt.kind.service.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.rt.service.Validated;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * A request's parsed body, as the body parser leaves it on the routing context: a Jackson tree that validation
 * checks, and meanwhile, for a route without a body schema, the Vert.x JSON value {@link Validated#body} reads.
 */
public final class ParsedBody {
    private static final String TREE = "rt.body.tree";

    private ParsedBody() {
    }

    /** @throws IOException when {@code bytes} are not JSON */
    public static JsonNode json(byte[] bytes) throws IOException {
        JsonNode tree = JsonSchemas.MAPPER.readTree(bytes);
        return tree == null ? NullNode.getInstance() : tree;
    }

    public static void keep(RoutingContext context, JsonNode tree) {
        context.put(TREE, tree);
        context.put(Validated.BODY, (Supplier<Object>) () -> VertxJson.from(tree));
    }

    /** The body kept, JSON {@code null} when there is none. */
    static JsonNode tree(RoutingContext context) {
        JsonNode tree = context.get(TREE);
        return tree == null ? NullNode.getInstance() : tree;
    }
}
