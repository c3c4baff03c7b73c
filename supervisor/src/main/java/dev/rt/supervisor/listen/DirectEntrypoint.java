package dev.rt.supervisor.listen;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.install.Kinds;
import dev.rt.protocol.JsonValues;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.unix.Socket;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The public socket of a direct entrypoint: bound and listened on by the supervisor (so a taken port fails
 * {@code rt start} at once, and the port stays open while workers come and go), never accepted on here; the
 * entrypoint's workers get its descriptor from the {@link DescriptorHandout} and accept on it themselves, and
 * connections wait in the kernel's accept queue while none does. Closing shuts the socket down for every holder.
 */
public final class DirectEntrypoint implements AutoCloseable {
    /** The backlog of the public socket, the proxy's own. */
    private static final int BACKLOG = 1024;
    /** The name of the handout socket in the runtime's private directory. */
    private static final String HANDOUT = "public.sock";

    private final String serviceId;
    private final Path handoutPath;
    private Socket socket;
    private DescriptorHandout handout;

    private DirectEntrypoint(String serviceId, Path handoutPath) {
        this.serviceId = serviceId;
        this.handoutPath = handoutPath;
    }

    /**
     * A direct entrypoint when {@code server.entrypointMode} is {@code "direct"} and the rest of the configuration
     * can be served that way; else empty, and {@code why} is told once which setting keeps the proxied path.
     *
     * @param traced    the runtime records the entrypoint's spans (the supervisor's proxy does)
     * @param routed    the entrypoint's kind routes public requests through a table (a gateway)
     * @param directory the runtime's private directory
     */
    public static Optional<DirectEntrypoint> of(RuntimeConfig config, boolean traced, boolean routed, Path directory,
            Consumer<String> why) {
        if (!"direct".equals(config.settings().path("server").path("entrypointMode").asText("proxied"))) {
            return Optional.empty();
        }
        Optional<String> blocker = blocker(config, traced, routed);
        blocker.ifPresent(reason -> why.accept("server.entrypointMode is \"direct\", but the entrypoint \""
                + config.entrypoint() + "\" stays proxied by the supervisor: " + reason));
        return blocker.isPresent() ? Optional.empty()
                : Optional.of(new DirectEntrypoint(config.entrypoint(), directory.resolve(HANDOUT)));
    }

    /** What keeps the proxied path, in words, or empty when nothing does. */
    static Optional<String> blocker(RuntimeConfig config, boolean traced, boolean routed) {
        ServiceConfig service = config.service(config.entrypoint()).orElseThrow();
        String kind = service.application().kind();
        boolean accepts = Kinds.installed().find(kind).map(installed -> installed.kind()
                .acceptsPublicSocket(JsonValues.object(service.application().configuration()))).orElse(false);
        if (!accepts || !service.runsWorkers()) {
            return Optional.of("its kind (\"" + kind + "\") does not accept the public socket in its workers");
        }
        if (config.server().https().isPresent()) {
            return Optional.of("server.https is set (TLS stays on the supervisor for now)");
        }
        if (config.server().http2()) {
            return Optional.of("server.http2 is set (h2 stays on the supervisor for now)");
        }
        if (config.basePath().isPresent() && !config.basePath().get().isEmpty()) {
            return Optional.of("basePath is set (the supervisor removes it)");
        }
        if (routed) {
            return Optional.of("its kind routes public requests through the supervisor (gateway prefixes)");
        }
        if (traced) {
            return Optional.of("telemetry is set (the entrypoint's SERVER span is the supervisor's)");
        }
        if (!Epoll.isAvailable()) {
            return Optional.of("Netty's epoll transport is not available here (" + Epoll.unavailabilityCause() + ")");
        }
        return Optional.empty();
    }

    /** The entrypoint service, whose workers fetch the socket. */
    public String serviceId() {
        return serviceId;
    }

    /** Where the entrypoint's workers fetch the descriptor ({@code RT_PUBLIC_SOCKET}). */
    public Path handoutPath() {
        return handoutPath;
    }

    /**
     * Binds and listens on {@code hostname:port} (0 picks a free port), then opens the handout; returns the bound
     * address.
     *
     * @throws RtException {@code RT_PORT_IN_USE} when the port is taken, {@code RT_SERVER_LISTEN_FAILED} otherwise
     */
    public InetSocketAddress bind(String hostname, int port) {
        InetSocketAddress address = PublicAddress.resolve(hostname, port);
        Socket bound = Socket.newSocketStream();
        try {
            bound.setReuseAddress(true);
            bound.bind(address);
            bound.listen(BACKLOG);
            InetSocketAddress local = bound.localAddress();
            handout = DescriptorHandout.open(handoutPath, bound.intValue());
            socket = bound;
            return local;
        } catch (IOException e) {
            closeQuietly(bound);
            throw PublicAddress.bindFailure(address, e);
        }
    }

    /**
     * Stops the socket listening for every process that holds it (the workers' copies too: its connections waiting
     * in the queue are reset, later ones refused), closes the handout and the supervisor's descriptor.
     */
    @Override
    public synchronized void close() {
        if (handout != null) {
            handout.close();
            handout = null;
        }
        if (socket != null) {
            try {
                socket.shutdown(true, false);
            } catch (IOException e) {
                // not connected or already shut down: closing is what matters
            }
            closeQuietly(socket);
            socket = null;
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // nothing more to release
        }
    }
}
