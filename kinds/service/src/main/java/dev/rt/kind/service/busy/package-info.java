/**
 * The worker's busy time for its event-loop utilisation: the event loops' CPU time plus the time blocking handlers
 * hold the worker pool, which it owns and counts into. It must not know routes, plugins or the router.
 */
package dev.rt.kind.service.busy;
