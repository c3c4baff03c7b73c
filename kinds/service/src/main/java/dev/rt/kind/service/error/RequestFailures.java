package dev.rt.kind.service.error;

import dev.rt.service.Failure;
import dev.rt.service.HttpError;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;

/**
 * What a failed request is answered with by default: the status and message of the error a route threw, or of
 * rt's own refusals (unknown route, body too large, validation). 5xx errors of routes keep their message.
 */
final class RequestFailures {
    static final String BODY_TOO_LARGE = "FST_ERR_CTP_BODY_TOO_LARGE";

    private RequestFailures() {
    }

    static Failure of(RoutingContext context) {
        Throwable failure = context.failure();
        int status = context.statusCode();
        if (failure instanceof HttpError error) {
            return new Failure(error.statusCode(), error.code().orElse(null), StatusTexts.of(error.statusCode()),
                    message(error), error);
        }
        if (failure instanceof HttpException http) {
            status = http.getStatusCode();
            if (status == 413) {
                return tooLarge();
            }
            String message = http.getPayload() != null ? http.getPayload() : StatusTexts.of(status);
            return status == 404 || status == 405 ? notFound(context)
                    : new Failure(status, null, StatusTexts.of(status), message, http.getCause());
        }
        if (failure != null) {
            int code = status >= 400 && status <= 599 ? status : 500;
            return new Failure(code, null, StatusTexts.of(code), message(failure), failure);
        }
        if (status == 404 || status == 405 || status < 400) {
            return notFound(context);
        }
        if (status == 413) {
            return tooLarge();
        }
        return new Failure(status, null, StatusTexts.of(status), StatusTexts.of(status), null);
    }

    static Failure notFound(RoutingContext context) {
        return new Failure(404, null, "Not Found",
                "Route " + context.request().method().name() + ":" + context.request().uri() + " not found", null);
    }

    /** Whether {@code failure} is the default answer to a request no route matched. */
    static boolean isNotFound(RoutingContext context, Failure failure) {
        return failure.statusCode() == 404 && failure.code().isEmpty() && failure.cause().isEmpty()
                && failure.message().equals(notFound(context).message());
    }

    static Failure tooLarge() {
        return new Failure(413, BODY_TOO_LARGE, "Payload Too Large", "Request body is too large", null);
    }

    private static String message(Throwable error) {
        String message = error.getMessage();
        return message == null ? error.getClass().getName() : message;
    }
}
