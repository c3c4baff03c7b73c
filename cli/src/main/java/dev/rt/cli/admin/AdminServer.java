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
 */
public final class AdminServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService threads;
    private final LiveFeed feed;
    private final Downloads downloads;
    private final AdminToken token;
    private final String host;

    private AdminServer(HttpServer server, ExecutorService threads, LiveFeed feed, Downloads downloads, AdminToken token,
            String host) {
        this.server = server;
        this.threads = threads;
        this.feed = feed;
        this.downloads = downloads;
        this.token = token;
        this.host = host;
    }

    /** Serves the dashboard of {@code runtime} on {@code host:port} (port 0: any free one). */
    public static AdminServer start(RuntimeInfo runtime, String host, int port) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        RuntimeLink link = new RuntimeLink(runtime);
        LiveFeed feed = new LiveFeed(link);
        feed.start();
        Downloads downloads = new Downloads();
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(address, port), 64);
        } catch (IOException e) {
            feed.close();
            downloads.close();
            throw new IOException("cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
        }
        int bound = server.getAddress().getPort();
        AdminToken token = AdminToken.random(bound);
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
        server.createContext("/", new AdminHandler(token, hosts, new ApiRoutes(link, feed, downloads, token),
                new ActionRoutes(link, downloads, feed)));
        server.start();
        return new AdminServer(server, threads, feed, downloads, token, authority);
    }

    /** The URL to open: {@code http://host:port/?token=...}. */
    public String url() {
        return "http://" + host + "/?token=" + token.value();
    }

    /** Opens the URL in the user's browser; false when no opener could be started. */
    public boolean openInBrowser() {
        return Browser.open(url());
    }

    /** Whether it can be reached only from this machine. */
    public boolean loopback() {
        return server.getAddress().getAddress().isLoopbackAddress();
    }

    /** Waits until the runtime stops (its log ends); false when {@code millis} passed first. */
    public boolean awaitRuntimeEnd(long millis) throws InterruptedException {
        return feed.awaitEnd(millis);
    }

    @Override
    public void close() {
        feed.close();
        server.stop(0);
        threads.shutdownNow();
        downloads.close();
    }
}
