package dev.rt.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Hosts on one machine, as root: a network namespace each ({@code rtmh-<name>}), joined by a veth pair to one bridge
 * ({@code rtmhbr}, {@link #GATEWAY} on the machine's side, where the test itself listens and sends). Whatever the tests
 * start in a namespace is tracked and killed at the end, passed or failed, and on the JVM's exit; the namespaces, the
 * veths and the bridge are then deleted. Before the first host is made, what a crashed earlier run left (any
 * {@code rtmh-} namespace, its processes, the bridge) is removed the same way.
 */
final class Hosts implements BeforeAllCallback, AfterAllCallback {
    static final String PREFIX = "rtmh-";
    static final String BRIDGE = "rtmhbr";
    /** The test hosts' network: addresses of namespaces this test makes, nothing else. */
    static final String NETWORK = "10.199.34.";
    static final String GATEWAY = NETWORK + "1";
    private static final Duration LIMIT = Duration.ofMinutes(1);

    private final List<Process> processes = new CopyOnWriteArrayList<>();
    private final List<String> names = new CopyOnWriteArrayList<>();
    private final Thread onExit = new Thread(this::removeQuietly, "rtmh-cleanup");

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        removeLeftovers();
        Runtime.getRuntime().addShutdownHook(onExit);
        ip("link", "add", BRIDGE, "type", "bridge");
        ip("addr", "add", GATEWAY + "/24", "dev", BRIDGE);
        ip("link", "set", BRIDGE, "up");
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        remove();
        Runtime.getRuntime().removeShutdownHook(onExit);
    }

    /** A new host {@code name} (a few letters) at {@code NETWORK + last}; returns its address. */
    String add(String name, int last) throws IOException, InterruptedException {
        String ns = PREFIX + name;
        String address = NETWORK + last;
        ip("netns", "add", ns);
        names.add(name);
        ip("link", "add", ns, "type", "veth", "peer", "name", "eth0", "netns", ns);
        ip("link", "set", ns, "master", BRIDGE, "up");
        ip("-n", ns, "addr", "add", address + "/24", "dev", "eth0");
        ip("-n", ns, "link", "set", "eth0", "up");
        ip("-n", ns, "link", "set", "lo", "up");
        return address;
    }

    /** Takes host {@code name}'s link down (true) or up again: its network is cut, or back. */
    void cut(String name, boolean down) throws IOException, InterruptedException {
        ip("link", "set", PREFIX + name, down ? "down" : "up");
    }

    /** Starts {@code command} on host {@code name}, its output appended to {@code log}; killed at the end. */
    Process start(String name, Path log, Map<String, String> env, List<String> command) throws IOException {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", PREFIX + name));
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        Process process = builder.start();
        processes.add(process);
        return process;
    }

    private void remove() throws IOException, InterruptedException {
        for (Process process : processes) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        for (Process process : processes) {
            process.onExit().join();
        }
        removeLeftovers();
    }

    private void removeQuietly() {
        try {
            remove();
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the JVM is exiting: nothing more to do
        }
    }

    /** Every {@code rtmh-} namespace (its processes killed first), its veth and the bridge. */
    static void removeLeftovers() throws IOException, InterruptedException {
        for (String line : ip("netns", "list").out().lines().toList()) {
            String ns = line.split(" ")[0];
            if (!ns.startsWith(PREFIX)) {
                continue;
            }
            for (String pid : ip("netns", "pids", ns).out().lines().map(String::strip).filter(p -> !p.isEmpty()).toList()) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
            Rt.Commands.run(Rt.WORK, LIMIT, List.of("ip", "link", "del", ns));
            ip("netns", "del", ns);
        }
        if (ip("link", "show").out().contains(" " + BRIDGE + ":")) {
            ip("link", "del", BRIDGE);
        }
    }

    private static Rt.Result ip(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        return Rt.Commands.run(Rt.WORK, LIMIT, command).assertOk();
    }

    /** A file under this module's target/multi-host/. */
    static Path file(String name) throws IOException {
        Path directory = Files.createDirectories(Rt.WORK.resolve("multi-host"));
        return directory.resolve(name);
    }
}
