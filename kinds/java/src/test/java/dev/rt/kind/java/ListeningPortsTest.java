package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Parsing of /proc/net/tcp and tcp6 tables on sample text, and a look at the live tables on Linux. */
class ListeningPortsTest {
    private static final String TCP = String.join("\n",
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
            "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1111 1 "
                    + "0000000000000000 100 0 0 10 0",
            "   1: 00000000:0050 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2222 1 "
                    + "0000000000000000 100 0 0 10 0",
            "   2: 0100007F:1F90 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000  1000        0 3333 1 "
                    + "0000000000000000 20 4 30 10 -1",
            "");
    private static final String TCP6 = String.join("\n",
            "  sl  local_address                         remote_address                        st tx_queue rx_queue tr "
                    + "tm->when retrnsmt   uid  timeout inode",
            "   0: 00000000000000000000000000000000:C350 00000000000000000000000000000000:0000 0A 00000000:00000000 "
                    + "00:00000000 00000000  1000        0 4444 1 0000000000000000 100 0 0 10 0",
            "   1: 0000000000000000FFFF00000100007F:1F91 00000000000000000000000000000000:0000 0A 00000000:00000000 "
                    + "00:00000000 00000000  1000        0 5555 1 0000000000000000 100 0 0 10 0",
            "   2: 00000000000000000000000001000000:1F92 00000000000000000000000000000000:0000 0A 00000000:00000000 "
                    + "00:00000000 00000000  1000        0 6666 1 0000000000000000 100 0 0 10 0",
            "");
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

    @Test
    void listeningRowsOwnedByThisProcessGiveTheirLocalPortAndAddress() {
        assertThat(ListeningPorts.parse(TCP, Set.of(1111L, 3333L), LE)).extracting(ListeningSocket::toString)
                .containsExactly("127.0.0.1:8080");
        assertThat(ListeningPorts.parse(TCP, Set.of(1111L, 2222L), LE)).extracting(ListeningSocket::toString)
                .containsExactly("127.0.0.1:8080", "0.0.0.0:80");
    }

    @Test
    void ipv6RowsGiveTheWildcardLoopbackAndIpv4MappedAddresses() {
        List<ListeningSocket> sockets = ListeningPorts.parse(TCP6, Set.of(4444L, 5555L, 6666L), LE);

        assertThat(sockets).extracting(ListeningSocket::toString).containsExactly("[::]:50000", "127.0.0.1:8081",
                "[::1]:8082");
        assertThat(sockets).extracting(ListeningSocket::wildcard).containsExactly(true, false, false);
    }

    @Test
    void aBigEndianHostsTableIsReadInItsOrder() {
        String row = "   0: 7F000001:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1111 1";
        assertThat(ListeningPorts.parse(row, Set.of(1111L), ByteOrder.BIG_ENDIAN)).extracting(ListeningSocket::host)
                .containsExactly("127.0.0.1");
    }

    @Test
    void socketsOfOtherProcessesAndConnectedSocketsAreIgnored() {
        assertThat(ListeningPorts.parse(TCP, Set.of(3333L, 9999L), LE)).isEmpty();
    }

    @Test
    void onlySocketLinksAmongFileDescriptorsCountAsInodes() {
        assertThat(ListeningPorts.socketInodes(List.of("socket:[1111]", "pipe:[2222]", "/dev/null",
                "anon_inode:[eventpoll]", "socket:[4444]"))).containsExactlyInAnyOrder(1111L, 4444L);
    }

    @Test
    void serverSocketsOfThisProcessAreFoundInTheLiveTablesWithTheirAddress() throws Exception {
        assumeTrue(ListeningPorts.available(), "Linux /proc tables are needed");
        try (ServerSocket loopback = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ServerSocket everywhere = new ServerSocket(0, 1)) {
            assertThat(ListeningPorts.ofThisProcess()).filteredOn(s -> s.port() == loopback.getLocalPort())
                    .singleElement().extracting(ListeningSocket::host).isEqualTo("127.0.0.1");
            assertThat(ListeningPorts.ofThisProcess()).filteredOn(s -> s.port() == everywhere.getLocalPort())
                    .singleElement().extracting(ListeningSocket::wildcard).isEqualTo(true);
        }
    }
}
