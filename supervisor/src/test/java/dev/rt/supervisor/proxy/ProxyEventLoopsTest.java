package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProxyEventLoopsTest {

    @Test
    void usesTheNativeTransportWhereItIsAvailable() {
        try (ProxyEventLoops loops = new ProxyEventLoops(1)) {
            assertThat(loops.isNative()).isEqualTo(Epoll.isAvailable());
            if (Epoll.isAvailable()) {
                assertThat(loops.serverChannelClass()).isEqualTo(EpollServerSocketChannel.class);
                assertThat(loops.channelClass()).isEqualTo(EpollSocketChannel.class);
            }
        }
    }

    @Test
    void fallsBackToNioWithMatchingChannelClasses() {
        try (ProxyEventLoops loops = new ProxyEventLoops(1, false)) {
            assertThat(loops.serverChannelClass()).isEqualTo(NioServerSocketChannel.class);
            assertThat(loops.channelClass()).isEqualTo(NioSocketChannel.class);
        }
    }

    @Test
    void closeStopsEveryThreadWithoutAQuietPeriod() {
        ProxyEventLoops loops = new ProxyEventLoops(2);
        loops.io().submit(() -> { }).syncUninterruptibly();
        loops.acceptors().submit(() -> { }).syncUninterruptibly();

        long started = System.nanoTime();
        loops.close();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1500));
        assertThat(loops.io().isTerminated()).isTrue();
        assertThat(loops.acceptors().isTerminated()).isTrue();
    }

    @Test
    void rejectsAnEmptyGroup() {
        assertThatThrownBy(() -> new ProxyEventLoops(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
