package dev.rt.cli.admin;

import com.sun.net.httpserver.HttpServer;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code rt admin}'s web server: the JDK's own HTTP server (no framework for a handful of routes), bound to
 * {@code host:port}, a thread per request (a followed {@code /events} holds one), answering through
 * {@link AdminHandler}. It talks to the runtime only through its management socket, so the runtime opens no port.
 * Bound first ({@link #listen}), before any runtime is looked for, then {@linkplain #serve serving} one.
 */
final class AdminServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService threads;
    private final AdminToken token;
    private final String host;
    private final Set<String> hosts;
    private LiveFeed feed;
    private Downloads downloads;

    private AdminServer(HttpServer server, ExecutorService threads, AdminToken token, String host, Set<String> hosts) {
        this.server = server;
        this.threads = threads;
        this.token = token;
        this.host = host;
        this.hosts = hosts;
    }

    /**
     * Binds {@code host:port} (port 0: any free one) and serves nothing yet; an {@link java.net.UnknownHostException}
     * when {@code host} does not resolve, another {@link IOException} when the address cannot be had.
     */
    static AdminServer listen(String host, int port) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 64);
        int bound = server.getAddress().getPort();
        String authority = (address.getHostAddress().contains(":") ? "[" + address.getHostAddress() + "]"
                : address.getHostAddress()) + ":" + bound;
        Set<String> hosts = address.isLoopbackAddress()
                ? Set.copyOf(List.of(authority, "localhost:" + bound, "127.0.0.1:" + bound, "[::1]:" + bound)) : Set.of();
        ExecutorService threads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "rt-admin-http");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(threads);
        return new AdminServer(server, threads, AdminToken.random(bound), authority, hosts);
    }

    /** Serves the dashboard of {@code runtime}: follows its log, then answers requests. */
    void serve(RuntimeInfo runtime) throws IOException {
        RuntimeLink link = new RuntimeLink(runtime);
        feed = new LiveFeed(link);
        feed.start();
        downloads = new Downloads();
        server.createContext("/", new AdminHandler(token, hosts, new ApiRoutes(link, feed, downloads, token),
                new ActionRoutes(new RuntimeActions(link.client()), downloads, feed)));
        server.start();
    }

    /** The URL to open: {@code http://host:port/?token=...}. */
    String url() {
        return "http://" + host + "/?token=" + token.value();
    }

    /** Opens the URL in the user's browser; false when no opener could be started. */
    boolean openInBrowser() {
        return Browser.open(url());
    }

    /** Whether it can be reached only from this machine. */
    boolean loopback() {
        return server.getAddress().getAddress().isLoopbackAddress();
    }

    /** Waits until the runtime stops (its log ends); false when {@code millis} passed first. */
    boolean awaitRuntimeEnd(long millis) throws InterruptedException {
        return feed.awaitEnd(millis);
    }

    @Override
    public synchronized void close() {
        if (feed != null) {
            feed.close();
        }
        server.stop(0);
        threads.shutdownNow();
        if (downloads != null) {
            downloads.close();
        }
    }
}
