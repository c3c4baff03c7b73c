package dev.rt.supervisor.limit;

/**
 * One request counted in its key's window.
 *
 * @param count       requests of the key in the window so far, this one included
 * @param resetMillis milliseconds until the window ends and the count starts again
 */
record Hit(long count, long resetMillis) {
}
