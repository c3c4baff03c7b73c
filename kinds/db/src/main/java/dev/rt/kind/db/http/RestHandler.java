package dev.rt.kind.db.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.db.rest.RestRequest;
import dev.rt.kind.db.rest.RestResponse;
import dev.rt.kind.db.rest.RestRoute;
import dev.rt.kind.db.sql.SqlSpans;
import dev.rt.kind.service.http.RequestSpans;
import dev.rt.service.HttpError;
import dev.rt.service.Validated;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Serves one generated route on a worker thread: the request's path parameters, its decoded query parameters in the
 * order sent (repeated keys kept) and its parsed JSON body go to the route's handler; its answer is written as JSON.
 * The request carries its caller's access ({@link Callers}). An error answer becomes the request's failure, so that
 * the service's error handler (if any) answers it. In a traced
 * service, the statements the handler runs are spans inside the request's ({@link SqlSpans}).
 */
final class RestHandler implements Handler<RoutingContext> {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RestRoute route;
    private final SqlSpans.Database traced; // null when the service is not traced
    private final Callers callers;

    RestHandler(RestRoute route, SqlSpans.Database traced, Callers callers) {
        this.route = route;
        this.traced = traced;
        this.callers = callers;
    }

    @Override
    public void handle(RoutingContext context) {
        RestRequest request = new RestRequest(context.pathParams(), query(context), body(context),
                callers.of(context));
        RestResponse answer;
        if (traced == null) {
            answer = route.handler().handle(request);
        } else {
            Runnable end = SqlSpans.begin(RequestSpans.of(context), traced);
            try {
                answer = route.handler().handle(request);
            } finally {
                end.run();
            }
        }
        if (answer.status() >= 400 && answer.body() instanceof Map<?, ?> error) {
            Object code = error.get("code");
            context.fail(new HttpError(answer.status(), code == null ? null : code.toString(),
                    String.valueOf(error.get("message"))));
            return;
        }
        byte[] json;
        try {
            json = JSON.writeValueAsBytes(answer.body());
        } catch (JsonProcessingException e) {
            context.fail(e);
            return;
        }
        HttpServerResponse response = context.response().setStatusCode(answer.status());
        answer.headers().forEach(response::putHeader);
        response.putHeader("content-type", "application/json; charset=utf-8").end(Buffer.buffer(json));
    }

    private static Map<String, List<String>> query(RoutingContext context) {
        Map<String, List<String>> query = new LinkedHashMap<>();
        context.queryParams().forEach(entry -> query.computeIfAbsent(entry.getKey(), k -> new ArrayList<>(1))
                .add(entry.getValue()));
        return query;
    }

    private static Optional<Object> body(RoutingContext context) {
        HttpMethod method = context.request().method();
        if (method != HttpMethod.POST && method != HttpMethod.PUT && method != HttpMethod.PATCH) {
            return Optional.empty();
        }
        Object body = Validated.body(context);
        if (body instanceof JsonObject object) {
            return Optional.of(object.getMap());
        }
        if (body instanceof JsonArray array) {
            return Optional.of(array.getList());
        }
        return Optional.ofNullable(body);
    }
}
