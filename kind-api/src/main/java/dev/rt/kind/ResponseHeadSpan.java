package dev.rt.kind;

/**
 * A request's SERVER span ({@link RequestTracing#serverSpan}) that can go back to the supervisor in the response
 * head, in the {@value #HEADER} header, instead of a message of its own: the supervisor, which holds the request's
 * span, takes the header out before the client sees it and exports the worker's span with its own. A kind that
 * writes the response head itself asks for the header as it writes the head; a span that cannot travel that way
 * (it holds more than its route and status, or it failed) answers null and is sent when it ends, as any other span.
 */
public interface ResponseHeadSpan extends KindSpan {
    /** The response header that carries the span; the supervisor removes it. */
    String HEADER = "x-rt-span";

    /**
     * The response head with {@code status} is about to be written: the value of {@link #HEADER} to add to it (the
     * span then ends with the response, its later {@link #end} sends nothing), or null to send it when it ends.
     */
    String inResponseHead(int status);

    /** The value to add to a response head for {@code span}, or null: null for every span but a {@code ResponseHeadSpan}. */
    static String headerFor(KindSpan span, int status) {
        return span instanceof ResponseHeadSpan head ? head.inResponseHead(status) : null;
    }
}
