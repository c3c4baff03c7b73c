package dev.rt.supervisor.process;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The supervisor's private directory (mode 0700) under the system temporary directory: it holds the agent
 * socket, so only this user's processes can connect to it. Removed when the runtime stops.
 */
public final class RuntimeDirectory implements AutoCloseable {
    private final Path path;

    private RuntimeDirectory(Path path) {
        this.path = path;
    }

    public static RuntimeDirectory create() {
        try {
            return new RuntimeDirectory(Files.createTempDirectory("rt-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
        } catch (IOException e) {
            throw new RtException(ErrorCode.RUNTIME_DIRECTORY, "cannot create the runtime directory in "
                    + System.getProperty("java.io.tmpdir") + ": " + e.getMessage() + " (check TMPDIR)");
        }
    }

    public Path path() {
        return path;
    }

    public Path agentSocket() {
        return path.resolve("agent.sock");
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(path)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            // already gone
        }
    }
}
