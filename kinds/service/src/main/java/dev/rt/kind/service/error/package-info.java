/**
 * How a failed request is answered: the failure a route, validation, the body limit or an unknown route caused,
 * through the error handler in scope (a plugin's own, else the service's), falling back to rt's error body. It
 * knows the request log; it must not know plugins, routes or how error handlers are loaded.
 */
package dev.rt.kind.service.error;
