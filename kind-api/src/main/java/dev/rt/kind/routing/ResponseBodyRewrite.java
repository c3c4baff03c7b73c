package dev.rt.kind.routing;

/**
 * A change to the bodies of an operation's responses (fields renamed, say). The public server holds back the
 * response of a request routed to such an operation only when {@link #rewrites} takes it, and sends its whole body
 * through {@link #rewrite} once it has arrived; the responses of every other rule stream through untouched.
 * Implementations are thread-safe and quick: they run on the server's event loops.
 */
public interface ResponseBodyRewrite {

    /**
     * Whether a response with this status and {@code Content-Type} (null when it has none) is rewritten. A response
     * with a {@code Content-Encoding} is never offered.
     */
    boolean rewrites(int status, String contentType);

    /**
     * The body to send instead of {@code body}, the whole body of a response {@link #rewrites} took; {@code body}
     * itself when there is nothing to change.
     */
    byte[] rewrite(int status, byte[] body);
}
