package dev.rt.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Objects;

/**
 * A message for the other workers of the sender's service, without a reply: worker to supervisor, then supervisor to
 * each other started worker of that service, unchanged. The change events of a db service travel so.
 *
 * @param payload any JSON value; JSON {@code null} when there is none
 */
public record MessageBroadcast(String name, JsonNode payload) implements Message {
    public MessageBroadcast {
        Objects.requireNonNull(name, "name");
        payload = payload == null ? NullNode.getInstance() : payload;
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.messageBroadcast(this);
    }
}
