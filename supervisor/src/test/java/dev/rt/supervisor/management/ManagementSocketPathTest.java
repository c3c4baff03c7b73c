package dev.rt.supervisor.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManagementSocketPathTest {
    @TempDir
    Path dir;

    @Test
    void aStaleSocketIsRemovedAndMissingParentsCreated() throws Exception {
        Path socket = dir.resolve("a/b/rt.sock");
        ManagementSocketPath.prepare(socket);
        assertThat(socket.getParent()).isDirectory();
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(socket));
        }
        assertThat(socket).exists();
        assertThat(ManagementSocketPath.answers(socket)).isFalse();
        ManagementSocketPath.prepare(socket);
        assertThat(socket).doesNotExist();
    }

    @Test
    void aSocketThatAnswersIsNotTakenOver() throws Exception {
        Path socket = dir.resolve("live.sock");
        try (ServerSocketChannel live = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            live.bind(UnixDomainSocketAddress.of(socket));
            assertThatThrownBy(() -> ManagementSocketPath.prepare(socket))
                    .isInstanceOf(RtException.class)
                    .hasMessage("managementApi: the socket " + socket + " is in use by another running runtime "
                            + "(choose another managementApi.socket)")
                    .extracting(e -> ((RtException) e).code()).isEqualTo("RT_MANAGEMENT_SOCKET_IN_USE");
            assertThat(socket).exists();
        }
    }

    @Test
    void theDefaultSocketIsNamedByPidUnderTheSystemTemporaryFolder() {
        assertThat(ManagementSocketPath.forPid(42)).isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "rt", "pids", "42"));
    }
}
