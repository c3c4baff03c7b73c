package dev.rt.slf4j;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Which {@link LibrarySink} takes the libraries' lines now: the one routed last that is still open, or, when none
 * is, the process's own ({@link WorkerLines} in a worker, which has {@code RT_AGENT_SOCKET} in its environment;
 * {@link ConsoleLines} anywhere else).
 */
public final class LibraryLog {
    /** The variable the supervisor gives every worker (dev.rt.protocol.Protocol.ENV_AGENT_SOCKET). */
    static final String WORKER_VARIABLE = "RT_AGENT_SOCKET";
    private static final LibrarySink OWN = own(System.getenv());
    private static volatile List<LibrarySink> routes = List.of();

    private LibraryLog() {
    }

    /** A route, open until closed. */
    public interface Route extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Sends the libraries' lines to {@code sink} until the route is closed; a later route takes over from it while
     * it is open (two runtimes in one JVM: the one started last).
     */
    public static Route routeTo(LibrarySink sink) {
        change(list -> list.add(sink));
        return () -> change(list -> list.remove(sink));
    }

    static LibrarySink current() {
        List<LibrarySink> now = routes;
        return now.isEmpty() ? OWN : now.get(now.size() - 1);
    }

    static LibrarySink own(Map<String, String> env) {
        return env.containsKey(WORKER_VARIABLE) ? new WorkerLines(System.out, env)
                : new ConsoleLines(() -> System.err);
    }

    private static synchronized void change(Consumer<List<LibrarySink>> edit) {
        List<LibrarySink> next = new ArrayList<>(routes);
        edit.accept(next);
        routes = List.copyOf(next);
    }
}
