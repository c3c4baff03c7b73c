package dev.rt.kind.java;

import dev.rt.kind.KindLog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Finds the port a wrapped application serves HTTP on, among the TCP ports this process starts listening on after
 * the adoption begins (ports open before, such as a debugger's, are ignored):
 * <ul>
 *   <li>the port the service names ({@code java.port}), once it answers HTTP;</li>
 *   <li>else the offered {@code PORT} as soon as the application listens on it and it answers HTTP;</li>
 *   <li>else, once the new ports have not changed for {@link #SETTLE_NANOS}, the first of them (in the order they
 *       appeared) that answers an HTTP request ({@link HttpProbe}): an application may open a database's TCP port
 *       or a cluster port before its HTTP one.</li>
 * </ul>
 * A port that does not answer HTTP is never adopted: the worker is not ready while none does, and once that has
 * lasted {@link #REPORT_NANOS} each port that failed is logged, once. A port that accepted without answering is
 * asked again every {@link #REPROBE_NANOS}. Without Linux's /proc tables only the named or the offered port can be
 * found, by asking it.
 */
final class PortAdoption {
    static final long SETTLE_NANOS = 200_000_000L;
    static final long REPROBE_NANOS = 1_000_000_000L;
    static final long REPORT_NANOS = 3_000_000_000L;

    /** The adopted port, and the other new ports the application listens on. */
    record Adopted(int port, List<Integer> others) {
    }

    private final Supplier<Optional<List<Integer>>> listening;
    private final HttpProbe probe;
    private final OptionalInt offered;
    private final OptionalInt named;
    private final String worker;
    private final KindLog log;
    private final Set<Integer> before;
    private final Set<Integer> fresh = new LinkedHashSet<>();
    private final Map<Integer, HttpProbe.Verdict> verdicts = new HashMap<>();
    private final Map<Integer, Long> probedAt = new HashMap<>();
    private final Set<Integer> reported = new HashSet<>();
    private long changedAt;
    private long failingSince = -1;

    /**
     * @param listening the ports this process listens on, empty where it cannot be known
     * @param worker    {@code the worker 0 of the service "api"}, for messages
     */
    PortAdoption(Supplier<Optional<List<Integer>>> listening, HttpProbe probe, OptionalInt offered, OptionalInt named,
            String worker, KindLog log) {
        this.listening = listening;
        this.probe = probe;
        this.offered = offered;
        this.named = named;
        this.worker = worker;
        this.log = log;
        this.before = Set.copyOf(listening.get().orElse(List.of()));
    }

    /** The ports of this process from /proc, empty without the tables. */
    static Optional<List<Integer>> listeningPorts() {
        if (!ListeningPorts.available()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ListeningPorts.ports(ListeningPorts.ofThisProcess()));
        } catch (IOException e) {
            return Optional.of(List.of());
        }
    }

    /** The application's HTTP port, if it serves yet; {@code now} is {@link System#nanoTime()}. */
    Optional<Adopted> poll(long now) {
        Optional<List<Integer>> ports = listening.get();
        List<Integer> candidates = candidates(ports, now);
        probe(candidates, now);
        List<Integer> http = candidates.stream().filter(p -> verdicts.get(p) == HttpProbe.Verdict.HTTP).toList();
        if (http.isEmpty()) {
            reportFailures(candidates, now);
            return Optional.empty();
        }
        int port = http.get(0);
        List<Integer> others = fresh.stream().filter(p -> p != port).toList();
        return Optional.of(new Adopted(port, others));
    }

    private List<Integer> candidates(Optional<List<Integer>> ports, long now) {
        if (ports.isPresent()) {
            boolean changed = fresh.retainAll(ports.get());
            for (int port : ports.get()) {
                changed |= !before.contains(port) && fresh.add(port);
            }
            if (changed) {
                changedAt = now;
            }
        }
        if (named.isPresent()) {
            int port = named.getAsInt();
            return ports.isEmpty() || ports.get().contains(port) ? List.of(port) : List.of();
        }
        if (ports.isEmpty()) {
            return offered.isPresent() ? List.of(offered.getAsInt()) : List.of();
        }
        if (offered.isPresent() && fresh.contains(offered.getAsInt())) {
            return List.of(offered.getAsInt());
        }
        return fresh.isEmpty() || now - changedAt < SETTLE_NANOS ? List.of() : List.copyOf(fresh);
    }

    /** Asks, all at once, the candidates never asked and those whose answer may change since it is due. */
    private void probe(List<Integer> candidates, long now) {
        List<Integer> due = candidates.stream().filter(port -> !verdicts.containsKey(port)
                || verdicts.get(port).mayChange() && now - probedAt.get(port) >= REPROBE_NANOS
                || verdicts.get(port) == HttpProbe.Verdict.REFUSED).toList();
        if (due.isEmpty()) {
            return;
        }
        List<CompletableFuture<HttpProbe.Verdict>> answers = new ArrayList<>();
        for (int port : due) {
            CompletableFuture<HttpProbe.Verdict> answer = new CompletableFuture<>();
            Thread thread = new Thread(() -> answer.complete(probe.probe(port)), "rt-port-probe-" + port);
            thread.setDaemon(true);
            thread.start();
            answers.add(answer);
        }
        for (int i = 0; i < due.size(); i++) {
            verdicts.put(due.get(i), answers.get(i).join());
            probedAt.put(due.get(i), now);
        }
    }

    /** Logs once each candidate that was asked and did not answer HTTP, when none has for a while. */
    private void reportFailures(List<Integer> candidates, long now) {
        List<Integer> failing = candidates.stream().filter(port -> verdicts.containsKey(port)
                && verdicts.get(port) != HttpProbe.Verdict.REFUSED).toList();
        if (failing.isEmpty()) {
            return;
        }
        if (failingSince < 0) {
            failingSince = now;
        }
        List<Integer> failed = now - failingSince < REPORT_NANOS ? List.of()
                : failing.stream().filter(reported::add).toList();
        if (failed.isEmpty()) {
            return;
        }
        String answers = failed.stream().map(port -> "port " + port + " " + verdicts.get(port).description())
                .collect(Collectors.joining("; "));
        log.warn("The " + worker + " is not ready yet: asked HEAD / over HTTP, " + answers + ". rt routes requests"
                + " only to a port that serves HTTP and waits for one (until startTimeout); "
                + (named.isPresent() ? "check that java.port names the port the application serves HTTP on."
                        : "if the application serves HTTP on a port it opens later, or on one that answers slowly,"
                                + " name that port with java.port."));
    }
}
