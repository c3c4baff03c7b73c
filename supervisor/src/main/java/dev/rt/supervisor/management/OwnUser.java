package dev.rt.supervisor.management;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The user id this process runs as, read once from {@code /proc/self} (owned by the process's user). */
final class OwnUser {
    private static final int UID = read();

    private OwnUser() {
    }

    static int uid() {
        return UID;
    }

    private static int read() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot tell this process's user id from /proc/self", e);
        }
    }
}
