/**
 * The plugins' routes as they are mounted on the service's router: their definitions (path, schemas, documentation,
 * handler), the order the router tries them in, HEAD beside GET, case-insensitive matching, and the chain of
 * handlers each runs (entry checks, body, hooks, validation, the handler, counted on the worker pool when it
 * blocks). It must not know plugins, how they register or which defined a route: it takes routes already scoped.
 */
package dev.rt.kind.service.route;
