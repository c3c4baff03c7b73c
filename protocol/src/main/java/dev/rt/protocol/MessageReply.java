package dev.rt.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Objects;

/**
 * The answer to a {@link MessageDelivery} (worker to supervisor) or to a {@link MessageSend} (supervisor to the
 * sending worker), echoing its id: the handler's reply ({@code error} empty), or an error code from this class and
 * a message that says what went wrong, for the sender to throw.
 *
 * @param payload the reply, any JSON value; JSON {@code null} for an error
 * @param error   empty on success, else one of {@link #UNKNOWN_SERVICE}, {@link #NOT_STARTED}, {@link #NO_HANDLER},
 *                {@link #HANDLER_FAILED}, {@link #TIMEOUT}, {@link #WORKER_EXITED}, {@link #INVALID}
 */
public record MessageReply(long id, JsonNode payload, String error, String message) implements Message {
    /** No service of the runtime has the id the message was sent to. */
    public static final String UNKNOWN_SERVICE = "RT_MESSAGING_UNKNOWN_SERVICE";
    /** The service exists but has no started worker. */
    public static final String NOT_STARTED = "RT_MESSAGING_SERVICE_NOT_STARTED";
    /** The worker the message went to has no handler of that name. */
    public static final String NO_HANDLER = "RT_MESSAGING_NO_HANDLER";
    /** The handler threw, or replied with something that is not a JSON value. */
    public static final String HANDLER_FAILED = "RT_MESSAGING_HANDLER_FAILED";
    /** No reply within {@code messagingTimeout}. */
    public static final String TIMEOUT = "RT_MESSAGING_TIMEOUT";
    /** The worker the message went to exited before it replied. */
    public static final String WORKER_EXITED = "RT_MESSAGING_WORKER_EXITED";
    /** The message cannot be sent as it is (a payload that is not a JSON value, a frame too large). */
    public static final String INVALID = "RT_MESSAGING_INVALID_MESSAGE";

    public MessageReply {
        payload = payload == null ? NullNode.getInstance() : payload;
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(message, "message");
    }

    public static MessageReply success(long id, JsonNode payload) {
        return new MessageReply(id, payload, "", "");
    }

    public static MessageReply failure(long id, String error, String message) {
        return new MessageReply(id, NullNode.getInstance(), error, message);
    }

    public boolean ok() {
        return error.isEmpty();
    }

    /** The same answer with another id: what the supervisor passes on to the sender. */
    public MessageReply withId(long otherId) {
        return new MessageReply(otherId, payload, error, message);
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.messageReply(this);
    }
}
