package dev.rt.service;

import io.vertx.ext.web.RoutingContext;

/**
 * Answers the requests that failed: a route threw or called {@code ctx.fail}, validation refused the request, no
 * route matched, the body was too large. Set for the whole service with {@code server.errorHandler}, or by a plugin
 * for its own routes ({@link ServiceContext#errorHandler}). If it neither answers nor throws, rt answers with the
 * default body; if it throws, rt answers 500 with the default body of that error.
 */
@FunctionalInterface
public interface ErrorHandler {

    void handle(RoutingContext context, Failure failure) throws Exception;
}
