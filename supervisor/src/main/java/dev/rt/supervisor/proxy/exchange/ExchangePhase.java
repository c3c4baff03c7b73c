package dev.rt.supervisor.proxy.exchange;

/**
 * Where a {@link ProxyExchange} is with the current request of its client connection (or h2 stream), from the
 * proxy's side: which way the request's body goes, whether the response has begun, what ends the exchange. The
 * request's own progress (whether its body has ended, whether any of it reached a worker) is tracked beside it.
 *
 * <pre>
 * IDLE          ─head─► CONNECTING
 * CONNECTING    ─connected─► FORWARDING (a mesh CONNECT: TUNNEL)
 * FORWARDING    ─final head─► RESPONDING ─end of the response─► COMPLETING ─written─► IDLE
 *               ─101 to the upgrade it asked for─► TUNNEL
 *               ─worker gone, request replayable─► CONNECTING (a fresh connection, or the next worker)
 * CONNECTING    ─a stored response answers it (the HTTP cache)─► LOCAL_ANSWER ─written─► DISCARDING
 * CONNECTING,
 * FORWARDING    ─refused, no worker, serviceTimeout, worker gone─► ERROR_ANSWER
 * ERROR_ANSWER  ─written─► DISCARDING ─end of the request (at once when it had ended)─► IDLE
 * any           ─client connection closed─► CLOSED
 * </pre>
 *
 * Leaving {@code CONNECTING} or {@code FORWARDING} for a phase that no longer waits for a response head ends the
 * wait for {@code serviceTimeout}; a connection that closes after its answer goes from {@code COMPLETING},
 * {@code LOCAL_ANSWER}, {@code ERROR_ANSWER} or {@code DISCARDING} to {@code CLOSED}.
 */
enum ExchangePhase {
    /** No request in progress: the next head starts one. */
    IDLE,
    /** A head was taken; no worker connection yet (routing, a token, a connect, a free slot). Its body waits. */
    CONNECTING,
    /** The request goes to its worker, its body as it arrives; no final response head yet (a 1xx may pass). */
    FORWARDING,
    /** The worker's final response head went to the client; the rest of the response follows it. */
    RESPONDING,
    /** The worker's whole response was handed to the client; the last write is on its way. */
    COMPLETING,
    /** The proxy answers the request with a response it holds (the HTTP cache's); the rest of its body is dropped. */
    LOCAL_ANSWER,
    /** The proxy answers the request with an error of its own; the rest of the request body is dropped. */
    ERROR_ANSWER,
    /** The proxy's own answer was written; the rest of the request body is still read and dropped, up to its end. */
    DISCARDING,
    /** Both connections relay bytes (an upgrade, a mesh CONNECT): no more requests on this one. */
    TUNNEL,
    /** The client connection closed. */
    CLOSED;

    /** Whether a request is in progress: the next head waits. */
    boolean active() {
        return this != IDLE && this != TUNNEL && this != CLOSED;
    }

    /** Whether the request has no final response head yet, and so may still be answered with an error. */
    boolean awaitsResponse() {
        return this == CONNECTING || this == FORWARDING;
    }

    /** Whether the request's body goes to a worker (as soon as a connection is attached), not to waste. */
    boolean forwardsBody() {
        return this == CONNECTING || this == FORWARDING || this == RESPONDING || this == COMPLETING;
    }

    /** Whether an exchange in this phase may go on to {@code next}. */
    boolean leadsTo(ExchangePhase next) {
        if (next == CLOSED) {
            return true;
        }
        return switch (this) {
            case IDLE -> next == CONNECTING;
            case CONNECTING -> next == FORWARDING || next == TUNNEL || next == ERROR_ANSWER || next == LOCAL_ANSWER;
            case FORWARDING -> next == RESPONDING || next == TUNNEL || next == CONNECTING || next == ERROR_ANSWER;
            case RESPONDING -> next == COMPLETING;
            case COMPLETING -> next == IDLE;
            case ERROR_ANSWER, LOCAL_ANSWER -> next == DISCARDING;
            case DISCARDING -> next == IDLE;
            case TUNNEL, CLOSED -> false;
        };
    }
}
