package dev.rt.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Objects;

/**
 * Supervisor to worker: a {@link MessageSend} of a worker of service {@code from}, for this worker's handler of
 * {@code name}. The worker answers {@link MessageReply} with the same id, which the supervisor chose.
 */
public record MessageDelivery(long id, String from, String name, JsonNode payload) implements Message {
    public MessageDelivery {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(name, "name");
        payload = payload == null ? NullNode.getInstance() : payload;
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.messageDelivery(this);
    }
}
