package dev.rt.kind.service.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.rt.kind.service.validation.ParsedBody;
import dev.rt.service.HttpError;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.util.Locale;

/**
 * Parses the body of a plugin route's request by its content type, as the reference does by default: JSON
 * ({@code application/json}; an empty or malformed body is a 400) and text ({@code text/plain}); anything else is a
 * 415. GET and HEAD bodies are ignored; DELETE and OPTIONS bodies are parsed only when they name a content type.
 */
public final class BodyParser implements Handler<RoutingContext> {
    public static final BodyParser INSTANCE = new BodyParser();
    private static final HttpError UNSUPPORTED = new HttpError(415, "FST_ERR_CTP_INVALID_MEDIA_TYPE",
            "Unsupported Media Type");

    private BodyParser() {
    }

    @Override
    public void handle(RoutingContext context) {
        HttpMethod method = context.request().method();
        String contentType = context.request().getHeader("content-type");
        if (method == HttpMethod.GET || method == HttpMethod.HEAD
                || ((method == HttpMethod.DELETE || method == HttpMethod.OPTIONS) && contentType == null)) {
            context.next();
            return;
        }
        var received = context.body();
        Buffer body = received == null ? null : received.buffer();
        if (contentType == null) {
            if (body == null || body.length() == 0) {
                context.next();
                return;
            }
            context.fail(UNSUPPORTED);
            return;
        }
        String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (mediaType.equals("application/json")) {
            if (body == null || body.length() == 0) {
                context.fail(new HttpError(400, "FST_ERR_CTP_EMPTY_JSON_BODY",
                        "Body cannot be empty when content-type is set to 'application/json'"));
                return;
            }
            JsonNode tree;
            try {
                tree = ParsedBody.json(body.getBytes());
            } catch (IOException e) {
                context.fail(new HttpError(400, "FST_ERR_CTP_INVALID_JSON_BODY",
                        "Body is not valid JSON but content-type is set to 'application/json'"));
                return;
            }
            ParsedBody.keep(context, tree);
        } else if (mediaType.equals("text/plain")) {
            ParsedBody.keep(context, TextNode.valueOf(body == null ? "" : body.toString()));
        } else {
            context.fail(UNSUPPORTED);
            return;
        }
        context.next();
    }
}
