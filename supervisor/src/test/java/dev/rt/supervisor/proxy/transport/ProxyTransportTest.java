package dev.rt.supervisor.proxy.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.uring.IoUring;
import org.junit.jupiter.api.Test;

class ProxyTransportTest {

    @Test
    void ioUringAcceptsOneConnectionPerOperationUnlessToldOtherwise() {
        // set as the class loads, before Netty's io_uring classes read it (bench/RESULTS.md, session 7: a
        // multishot accept went on accepting for up to 0.9 s after its listener's close)
        ProxyTransport.preferred();

        assertThat(System.getProperty(ProxyTransport.ACCEPT_MULTISHOT)).isEqualTo("false");
    }

    @Test
    void prefersIoUringThenEpollThenNio() {
        ProxyTransport expected = IoUring.isAvailable() ? ProxyTransport.IO_URING
                : Epoll.isAvailable() ? ProxyTransport.EPOLL : ProxyTransport.NIO;

        assertThat(withProperty(null)).isEqualTo(expected);
    }

    @Test
    void onLinuxX64BothNativeTransportsLoad() {
        if (System.getProperty("os.name").startsWith("Linux") && System.getProperty("os.arch").equals("amd64")) {
            assertThat(ProxyTransport.EPOLL.unavailabilityCause()).isEmpty();
            assertThat(ProxyTransport.EPOLL.isAvailable()).isTrue();
            assertThat(ProxyTransport.IO_URING.isAvailable())
                    .as("io_uring, unless the kernel refuses it: %s", ProxyTransport.IO_URING.unavailabilityCause())
                    .isEqualTo(IoUring.isAvailable());
        }
        assertThat(ProxyTransport.NIO.isAvailable()).isTrue();
        assertThat(ProxyTransport.NIO.unavailabilityCause()).isEmpty();
    }

    @Test
    void thePropertyPicksATransportByName() {
        assertThat(withProperty("nio")).isEqualTo(ProxyTransport.NIO);
        assertThat(withProperty(" EPOLL ")).isEqualTo(ProxyTransport.EPOLL.orNextAvailable());
        assertThat(withProperty("io_uring")).isEqualTo(ProxyTransport.IO_URING.orNextAvailable());
    }

    @Test
    void anUnknownNameIsAnErrorListingTheNames() {
        assertThatThrownBy(() -> withProperty("kqueue"))
                .isInstanceOfSatisfying(RtException.class, e -> assertThat(e.code()).isEqualTo("RT_CONFIG_PROXY_TRANSPORT"))
                .hasMessage("-Drt.proxy.transport=kqueue (in RT_JAVA_OPTS) is not a transport: use one of io_uring, epoll, nio");
    }

    @Test
    void anUnavailableTransportFallsToTheNextOne() {
        assertThat(ProxyTransport.NIO.orNextAvailable()).isEqualTo(ProxyTransport.NIO);
        ProxyTransport afterUring = ProxyTransport.IO_URING.orNextAvailable();
        assertThat(afterUring.isAvailable()).isTrue();
        assertThat(afterUring == ProxyTransport.IO_URING).isEqualTo(IoUring.isAvailable());
    }

    private static ProxyTransport withProperty(String value) {
        String before = System.getProperty(ProxyTransport.PROPERTY);
        try {
            if (value == null) {
                System.clearProperty(ProxyTransport.PROPERTY);
            } else {
                System.setProperty(ProxyTransport.PROPERTY, value);
            }
            return ProxyTransport.preferred();
        } finally {
            if (before == null) {
                System.clearProperty(ProxyTransport.PROPERTY);
            } else {
                System.setProperty(ProxyTransport.PROPERTY, before);
            }
        }
    }
}
