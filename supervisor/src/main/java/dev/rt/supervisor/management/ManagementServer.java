package dev.rt.supervisor.management;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.log.RuntimeLog;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The management API: HTTP/1.1 on a UNIX socket ({@code <tmpdir>/rt/pids/<PID>}, or {@code managementApi.socket}),
 * mode 0600, answering only connections from processes of the same user id (checked with the peer's
 * credentials, {@code SO_PEERCRED}). Serves the runtime's logs kept on disk ({@link LogStore}, which the caller
 * opens earlier and closes). Closing closes every connection it accepted, then removes the socket file: a client
 * following {@code /logs/live} sees its stream end (the runtime stopped, or restarts in this process with a new server
 * on the same path). The accepted connections are closed one by one, not left to the event loop's shutdown, which was
 * seen to leave such a connection open for good.
 */
public final class ManagementServer implements AutoCloseable {
    static final int MAX_REQUEST_BYTES = 16 << 20;

    private final Path socket;
    private final EventLoopGroup loop;
    private final ExecutorService routesExecutor;
    private final Channel server;
    private final ChannelGroup connections;

    private ManagementServer(Path socket, EventLoopGroup loop, ExecutorService routesExecutor, Channel server,
            ChannelGroup connections) {
        this.socket = socket;
        this.loop = loop;
        this.routesExecutor = routesExecutor;
        this.server = server;
        this.connections = connections;
    }

    /** Binds the socket of this runtime's {@code managementApi}; {@code logs} is its history. */
    public static ManagementServer start(ManagedRuntime runtime, RuntimeLog log, LogStore logs) {
        var settings = runtime.config().sections().managementApi();
        Path socket = settings.socket().map(Path::toAbsolutePath)
                .orElse(ManagementSocketPath.forPid(ProcessHandle.current().pid()));
        ManagementSocketPath.prepare(socket);
        ExecutorService routesExecutor = Executors.newCachedThreadPool(new DefaultThreadFactory("rt-management", true));
        EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("rt-management-io", true),
                EpollIoHandler.newFactory());
        ManagementRoutes routes = new ManagementRoutes(runtime, logs, routesExecutor);
        ChannelGroup connections = new DefaultChannelGroup("rt-management", GlobalEventExecutor.INSTANCE);
        try {
            Channel server = new ServerBootstrap().group(loop).channel(EpollServerDomainSocketChannel.class)
                    .childHandler(new ChannelInitializer<EpollDomainSocketChannel>() {
                        @Override
                        protected void initChannel(EpollDomainSocketChannel channel) throws IOException {
                            int uid = channel.peerCredentials().uid();
                            if (uid != OwnUser.uid()) {
                                log.warn("Management API: refused a connection from user id " + uid
                                        + " (only user id " + OwnUser.uid() + " may use " + socket + ")");
                                channel.close();
                                return;
                            }
                            connections.add(channel); // removed by the group itself once closed
                            channel.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(MAX_REQUEST_BYTES),
                                    new ManagementHandler(routes, logs, routesExecutor));
                        }
                    })
                    .bind(new DomainSocketAddress(socket.toString())).sync().channel();
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            log.info("The management API is listening on " + socket);
            return new ManagementServer(socket, loop, routesExecutor, server, connections);
        } catch (IOException | RuntimeException e) {
            loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            routesExecutor.shutdownNow();
            throw new RtException(ErrorCode.MANAGEMENT_LISTEN_FAILED, "managementApi: cannot listen on " + socket + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            routesExecutor.shutdownNow();
            throw new RtException(ErrorCode.INTERRUPTED, "interrupted while binding " + socket);
        }
    }

    public Path socket() {
        return socket;
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        connections.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
        routesExecutor.shutdownNow();
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // a stale socket is detected and removed by the next runtime or by rt ps
        }
    }
}
