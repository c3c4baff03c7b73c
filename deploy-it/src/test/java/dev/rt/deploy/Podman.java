package dev.rt.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Debian's podman as these machines run it: runc as the runtime (crun cannot set RLIMIT_NOFILE here, nor use the hybrid
 * cgroups), no default ulimits (through a containers.conf given in {@code CONTAINERS_CONF}), cgroupfs, and a storage of
 * its own under target/ (its run directory under /tmp, where socket paths stay short), so that nothing another user of
 * the machine runs is seen or touched. Before the tests and after them, whatever is in that storage is removed: a
 * crashed earlier run leaves nothing behind that a later one trips on.
 */
final class Podman implements BeforeAllCallback, AfterAllCallback {
    private static final Duration LIMIT = Duration.ofMinutes(5);
    private final Path root = Rt.WORK.resolve("podman/storage");
    private final Path runRoot = Path.of("/tmp/rt-deploy-it-" + Integer.toHexString(Rt.WORK.hashCode()));
    private final Path conf = Rt.WORK.resolve("podman/containers.conf");

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Files.createDirectories(root);
        Files.writeString(conf, """
                [containers]
                default_ulimits = []

                [engine]
                runtime = "runc"
                cgroup_manager = "cgroupfs"
                events_logger = "file"
                """);
        removeAll();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        removeAll();
    }

    private void removeAll() throws IOException, InterruptedException {
        run("pod", "rm", "--force", "--all");
        run("rm", "--force", "--all", "--time", "0");
    }

    /** {@code podman <args>}, for at most five minutes. */
    Rt.Result run(String... args) throws IOException, InterruptedException {
        return runIn(List.of(), args);
    }

    /**
     * {@code podman <args>} in the network namespace of a test host: what it publishes is bound there, not on the
     * machine, where another program may hold the same port. Through nsenter, which enters the network namespace
     * alone: ip netns exec also mounts a /sys of its own, without the cgroups podman needs.
     */
    Rt.Result runOn(String host, String... args) throws IOException, InterruptedException {
        return runIn(List.of("nsenter", "--net=/var/run/netns/" + Hosts.PREFIX + host), args);
    }

    private Rt.Result runIn(List<String> prefix, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("podman", "--root", root.toString(), "--runroot", runRoot.toString(), "--runtime",
                "runc", "--cgroup-manager", "cgroupfs", "--events-backend", "file"));
        command.addAll(List.of(args));
        return Rt.Commands.run(Rt.WORK, LIMIT, command, Map.of("CONTAINERS_CONF", conf.toString()));
    }
}
