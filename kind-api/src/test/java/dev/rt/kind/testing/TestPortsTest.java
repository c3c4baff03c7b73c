package dev.rt.kind.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The test ports: a held one refuses and cannot be taken; a start that lost its port is retried on another. */
class TestPortsTest {

    @Test
    void aHeldPortRefusesConnectionsAndCannotBeBoundByAnotherServer() throws Exception {
        try (TestPorts.Held held = TestPorts.refusing()) {
            assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), held.port()).close())
                    .isInstanceOf(ConnectException.class);
            assertThatThrownBy(() -> new ServerSocket(held.port(), 1, InetAddress.getLoopbackAddress()).close())
                    .isInstanceOf(BindException.class);
        }
    }

    @Test
    void anUnusedPortCanBeBound() throws Exception {
        try (ServerSocket socket = new ServerSocket(TestPorts.unused(), 1, InetAddress.getLoopbackAddress())) {
            assertThat(socket.getLocalPort()).isPositive();
        }
    }

    @Test
    void aStartThatFoundItsPortTakenIsRetriedOnAnotherAndOtherFailuresAreNot() throws Exception {
        List<Integer> tried = new ArrayList<>();
        int port = TestPorts.startRetrying(3, candidate -> {
            tried.add(candidate);
            if (tried.size() == 1) {
                throw new IllegalStateException("server log: bind: Address already in use");
            }
            return candidate;
        });
        assertThat(tried).hasSize(2).last().isEqualTo(port);

        assertThatThrownBy(() -> TestPorts.startRetrying(3, candidate -> {
            throw new IOException("disk full");
        })).hasMessage("disk full");
    }
}
