package dev.rt.supervisor.proxy.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProxyEventLoopsTest {

    @Test
    void runsOnThePreferredTransportWithItsChannelClasses() {
        try (ProxyEventLoops loops = new ProxyEventLoops(1)) {
            assertThat(loops.transport()).isEqualTo(ProxyTransport.preferred());
            assertThat(loops.ioThreads()).isEqualTo(1);
            if (loops.transport() == ProxyTransport.IO_URING) {
                assertThat(loops.serverChannelClass()).isEqualTo(IoUringServerSocketChannel.class);
                assertThat(loops.channelClass()).isEqualTo(IoUringSocketChannel.class);
            }
        }
    }

    @Test
    void epollHasItsOwnChannelClasses() {
        ProxyTransport epoll = ProxyTransport.EPOLL.orNextAvailable();
        try (ProxyEventLoops loops = new ProxyEventLoops(1, epoll)) {
            assertThat(loops.serverChannelClass())
                    .isEqualTo(epoll == ProxyTransport.EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class);
            assertThat(loops.channelClass())
                    .isEqualTo(epoll == ProxyTransport.EPOLL ? EpollSocketChannel.class : NioSocketChannel.class);
        }
    }

    @Test
    void nioHasMatchingChannelClasses() {
        try (ProxyEventLoops loops = new ProxyEventLoops(1, ProxyTransport.NIO)) {
            assertThat(loops.serverChannelClass()).isEqualTo(NioServerSocketChannel.class);
            assertThat(loops.channelClass()).isEqualTo(NioSocketChannel.class);
        }
    }

    @Test
    void oneIoThreadPerProcessorOnIoUringAndTwoOnTheOthersUnlessThePropertySaysOtherwise() {
        int processors = Runtime.getRuntime().availableProcessors();
        String before = System.getProperty("rt.proxy.ioThreads");
        try {
            System.clearProperty("rt.proxy.ioThreads");
            assertThat(ProxyEventLoops.defaultIoThreads(ProxyTransport.IO_URING)).isEqualTo(processors);
            assertThat(ProxyEventLoops.defaultIoThreads(ProxyTransport.EPOLL)).isEqualTo(2 * processors);
            assertThat(ProxyEventLoops.defaultIoThreads(ProxyTransport.NIO)).isEqualTo(2 * processors);

            System.setProperty("rt.proxy.ioThreads", " 3");
            assertThat(ProxyEventLoops.defaultIoThreads(ProxyTransport.IO_URING)).isEqualTo(3);
            assertThat(ProxyEventLoops.defaultIoThreads(ProxyTransport.EPOLL)).isEqualTo(3);

            for (String wrong : new String[] {"0", "-2", "four"}) {
                System.setProperty("rt.proxy.ioThreads", wrong);
                assertThatThrownBy(() -> ProxyEventLoops.defaultIoThreads(ProxyTransport.EPOLL))
                        .isInstanceOfSatisfying(RtException.class, e -> assertThat(e.code()).isEqualTo("RT_CONFIG_PROXY_IO_THREADS"))
                        .hasMessage("-Drt.proxy.ioThreads=" + wrong
                                + " (in RT_JAVA_OPTS) is not a number of threads: use a whole number from 1 up");
            }
        } finally {
            if (before == null) {
                System.clearProperty("rt.proxy.ioThreads");
            } else {
                System.setProperty("rt.proxy.ioThreads", before);
            }
        }
    }

    @Test
    void describesItsTransportAndThreadsForTheLog() {
        try (ProxyEventLoops loops = new ProxyEventLoops(3, ProxyTransport.NIO)) {
            assertThat(loops.describe()).startsWith("nio, 3 I/O threads");
            assertThat(loops.describe().contains("(io_uring is not available: ")).isEqualTo(!IoUring.isAvailable());
        }
    }

    @Test
    void closeStopsEveryThreadWithoutAQuietPeriod() {
        ProxyEventLoops loops = new ProxyEventLoops(2);
        loops.io().submit(() -> { }).syncUninterruptibly();

        long started = System.nanoTime();
        loops.close();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1500));
        assertThat(loops.io().isTerminated()).isTrue();
    }

    @Test
    void rejectsAnEmptyGroup() {
        assertThatThrownBy(() -> new ProxyEventLoops(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
