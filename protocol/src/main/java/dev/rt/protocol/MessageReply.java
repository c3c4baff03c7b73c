package dev.rt.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.rt.messaging.MessagingException;
import java.util.Objects;

/**
 * The answer to a {@link MessageDelivery} (worker to supervisor) or to a {@link MessageSend} (supervisor to the
 * sending worker), echoing its id: the handler's reply ({@code error} empty), or an error code from this class and
 * a message that says what went wrong, for the sender to throw. The codes are the messaging library's
 * ({@link MessagingException}), which applications compare; they are named here for the supervisor and the agent.
 *
 * @param payload the reply, any JSON value; JSON {@code null} for an error
 * @param error   empty on success, else one of {@link #UNKNOWN_SERVICE}, {@link #NOT_STARTED}, {@link #NO_HANDLER},
 *                {@link #HANDLER_FAILED}, {@link #TIMEOUT}, {@link #WORKER_EXITED}, {@link #INVALID}
 */
public record MessageReply(long id, JsonNode payload, String error, String message) implements Message {
    /** No service of the runtime has the id the message was sent to. */
    public static final String UNKNOWN_SERVICE = MessagingException.UNKNOWN_SERVICE;
    /** The service exists but has no started worker. */
    public static final String NOT_STARTED = MessagingException.NOT_STARTED;
    /** The worker the message went to has no handler of that name. */
    public static final String NO_HANDLER = MessagingException.NO_HANDLER;
    /** The handler threw, or replied with something that is not a JSON value. */
    public static final String HANDLER_FAILED = MessagingException.HANDLER_FAILED;
    /** No reply within {@code messagingTimeout}. */
    public static final String TIMEOUT = MessagingException.TIMEOUT;
    /** The worker the message went to exited before it replied. */
    public static final String WORKER_EXITED = MessagingException.WORKER_EXITED;
    /** The message cannot be sent as it is (a payload that is not a JSON value, a frame too large). */
    public static final String INVALID = MessagingException.INVALID;

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
