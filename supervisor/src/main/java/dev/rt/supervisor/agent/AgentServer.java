package dev.rt.supervisor.agent;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.protocol.ChannelStreams;
import dev.rt.protocol.FrameReader;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.ProtocolException;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Listens on the UNIX socket in the runtime's private directory for worker agents. Each connection gets a
 * reader thread: the first frame must be a {@link Hello}; after the handshake every frame goes to
 * {@link AgentEvents}. A malformed, oversized or truncated frame closes that connection with a logged
 * error and never affects the supervisor or other workers.
 */
public final class AgentServer implements AutoCloseable {
    private final ServerSocketChannel server;
    private final Path socket;
    private final AgentEvents events;
    private final RuntimeLog log;
    private final Set<AgentConnection> connections = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private AgentServer(ServerSocketChannel server, Path socket, AgentEvents events, RuntimeLog log) {
        this.server = server;
        this.socket = socket;
        this.events = events;
        this.log = log;
    }

    public static AgentServer start(Path socket, AgentEvents events, RuntimeLog log) {
        try {
            Files.deleteIfExists(socket);
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(socket));
            AgentServer agentServer = new AgentServer(server, socket, events, log);
            Thread acceptor = new Thread(agentServer::acceptLoop, "rt-agent-accept");
            acceptor.setDaemon(true);
            acceptor.start();
            return agentServer;
        } catch (IOException e) {
            throw new RtException(ErrorCode.AGENT_SOCKET, "cannot listen on the agent socket " + socket + ": " + e.getMessage());
        }
    }

    public Path socket() {
        return socket;
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                SocketChannel channel = server.accept();
                AgentConnection connection = new AgentConnection(channel);
                connections.add(connection);
                Thread reader = new Thread(() -> serve(connection), "rt-agent-connection");
                reader.setDaemon(true);
                reader.start();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (!closed) {
                    log.error("agent socket " + socket + ": accept failed: " + e.getMessage());
                }
            }
        }
    }

    private void serve(AgentConnection connection) {
        Optional<String> error = Optional.empty();
        try {
            FrameReader reader = new FrameReader(ChannelStreams.input(connection.channel()));
            Optional<Message> first = reader.read();
            if (first.isEmpty()) {
                return;
            }
            if (!(first.get() instanceof Hello hello)) {
                throw new ProtocolException("expected a hello frame first, found " + first.get().getClass().getSimpleName());
            }
            connection.identify(hello.serviceId(), hello.workerIndex());
            Optional<HelloAck> ack = events.hello(connection, hello);
            if (ack.isEmpty() || !connection.send(ack.get())) {
                return;
            }
            for (Optional<Message> next = reader.read(); next.isPresent(); next = reader.read()) {
                events.message(connection, next.get());
            }
        } catch (ProtocolException e) {
            error = Optional.of(e.getMessage());
            log.error("agent socket: " + connection + " sent a bad frame: " + e.getMessage() + "; closing its connection");
        } catch (IOException e) {
            error = closed ? Optional.empty() : Optional.of(e.getMessage());
        } finally {
            connections.remove(connection);
            connection.close();
            events.disconnected(connection, error);
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        connections.forEach(AgentConnection::close);
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // the runtime directory goes next
        }
    }
}
