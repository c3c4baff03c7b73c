package dev.rt.supervisor.management;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Where management sockets live: {@code <java.io.tmpdir>/rt/pids/<PID>}. The shared folders {@code rt} and
 * {@code rt/pids} are world-writable with the sticky bit (1777), so that several users can run rt on one host
 * without removing each other's sockets; each socket file itself is 0600.
 */
public final class ManagementSocketPath {
    private static final Set<PosixFilePermission> SHARED = PosixFilePermissions.fromString("rwxrwxrwx");

    private ManagementSocketPath() {
    }

    /** {@code <java.io.tmpdir>/rt/pids}. */
    public static Path pidsDirectory() {
        return Path.of(System.getProperty("java.io.tmpdir"), "rt", "pids");
    }

    /** The default socket of the runtime with this pid. */
    public static Path forPid(long pid) {
        return pidsDirectory().resolve(Long.toString(pid));
    }

    /**
     * Makes the socket's folder ready: the shared folders created 1777 (the sticky bit cannot be set through
     * NIO, so {@code chmod} sets it), any other parent created with default permissions; and a socket file left
     * by a runtime that is gone (nobody accepts on it) is removed. A socket that still answers is an error.
     */
    static void prepare(Path socket) {
        try {
            Path parent = socket.toAbsolutePath().getParent();
            if (parent.equals(pidsDirectory().toAbsolutePath())) {
                createShared(parent.getParent());
                createShared(parent);
            } else {
                Files.createDirectories(parent);
            }
            if (Files.exists(socket, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                if (answers(socket)) {
                    throw new RtException(ErrorCode.MANAGEMENT_SOCKET_IN_USE, "managementApi: the socket " + socket
                            + " is in use by another running runtime (choose another managementApi.socket)");
                }
                Files.delete(socket);
            }
        } catch (IOException e) {
            throw new RtException(ErrorCode.MANAGEMENT_SOCKET, "managementApi: cannot prepare the socket " + socket + ": "
                    + e + " (check the permissions of its folder, or set managementApi.socket)");
        }
    }

    /** True when something accepts connections on the socket; false for a stale file or none. */
    public static boolean answers(Path socket) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void createShared(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            try {
                Files.createDirectory(dir);
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                return;
            }
            Files.setPosixFilePermissions(dir, SHARED);
            try {
                Process chmod = new ProcessBuilder("chmod", "1777", dir.toString()).redirectErrorStream(true).start();
                chmod.getInputStream().readAllBytes();
                chmod.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
