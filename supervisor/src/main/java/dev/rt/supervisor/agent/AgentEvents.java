package dev.rt.supervisor.agent;

import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import java.util.Optional;

/** What the {@link AgentServer} tells the supervisor. Called on the connection's reader thread. */
public interface AgentEvents {

    /** A worker introduced itself; the answer to send, or empty to refuse it (the connection is closed). */
    Optional<HelloAck> hello(AgentConnection connection, Hello hello);

    /** Any frame after the handshake. */
    void message(AgentConnection connection, Message message);

    /** The connection ended; {@code error} says why when it was not a clean close. */
    void disconnected(AgentConnection connection, Optional<String> error);
}
