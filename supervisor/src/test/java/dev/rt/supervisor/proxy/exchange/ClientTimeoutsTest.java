package dev.rt.supervisor.proxy.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The head and idle limits between requests, in memory with a clock the test moves. */
class ClientTimeoutsTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new ClientTimeouts(100, 300));

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private void elapse(long millis) {
        channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
    }

    private void request() {
        channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/"));
        assertThat((Object) channel.readInbound()).isNotNull();
    }

    private void respond(HttpResponseStatus status) {
        channel.write(new DefaultHttpResponse(HttpVersion.HTTP_1_1, status));
        channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        channel.releaseOutbound();
    }

    @Test
    void connectionWithoutARequestHeadInTimeIsAnswered408AndClosed() {
        elapse(150);

        FullHttpResponse response = channel.readOutbound();
        assertThat(response.status().code()).isEqualTo(408);
        response.release();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void requestHeadInTimeStopsTheTimerUntilItsResponseEndsAndBytesOfTheNextArrive() {
        request();
        elapse(150);
        assertThat(channel.isOpen()).isTrue();

        respond(HttpResponseStatus.OK);
        elapse(150);
        assertThat(channel.isOpen()).as("idle between requests: the idle timer's business").isTrue();

        channel.pipeline().fireChannelReadComplete(); // part of the next head
        elapse(150);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void interimResponseDoesNotEndTheExchange() {
        request();
        respond(HttpResponseStatus.CONTINUE);
        channel.pipeline().fireChannelReadComplete(); // the body after 100 Continue
        elapse(150);
        channel.pipeline().fireUserEventTriggered(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);

        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void idleEventClosesOnlyBetweenExchanges() {
        request();
        channel.pipeline().fireUserEventTriggered(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
        assertThat(channel.isOpen()).isTrue();

        respond(HttpResponseStatus.OK);
        elapse(300);
        channel.pipeline().fireUserEventTriggered(IdleStateEvent.READER_IDLE_STATE_EVENT);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void idleTimeCountsFromTheEndOfASlowResponseNotFromTheLastBytesRead() {
        request();
        elapse(250);
        channel.pipeline().fireUserEventTriggered(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT); // mid-exchange
        respond(HttpResponseStatus.OK);
        elapse(50);
        channel.pipeline().fireUserEventTriggered(IdleStateEvent.READER_IDLE_STATE_EVENT); // 300 ms since the read

        elapse(200);
        assertThat(channel.isOpen()).as("250 ms after the response").isTrue();
        elapse(60);
        assertThat(channel.isOpen()).as("310 ms after the response").isFalse();
    }
}
