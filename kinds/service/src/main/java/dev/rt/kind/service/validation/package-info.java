/**
 * Request validation against route schemas, as the reference's validator does it
 * ({@code server.ajv.customOptions}): JSON Schemas compiled and checked against their meta-schema, each request part
 * coerced, defaulted and validated, errors ordered and worded the reference's way; and the parsed body as
 * validation and {@code Validated} read it. It must not know plugins, routes' paths, how they are mounted, or how a
 * failure is answered (it fails the request with an {@code HttpError}).
 */
package dev.rt.kind.service.validation;
