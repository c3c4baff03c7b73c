package dev.rt.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Objects;

/**
 * Worker to supervisor: deliver message {@code name} with {@code payload} to a started worker of {@code service}.
 * The supervisor answers {@link MessageReply} with the same id: the handler's reply, or why there is none.
 *
 * @param id      chosen by the sending worker, unique among its messages awaiting a reply
 * @param service the id of the service to deliver to
 * @param payload any JSON value; JSON {@code null} when there is none
 */
public record MessageSend(long id, String service, String name, JsonNode payload) implements Message {
    public MessageSend {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(name, "name");
        payload = payload == null ? NullNode.getInstance() : payload;
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.messageSend(this);
    }
}
