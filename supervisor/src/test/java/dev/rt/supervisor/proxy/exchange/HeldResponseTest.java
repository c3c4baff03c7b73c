package dev.rt.supervisor.proxy.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.routing.ResponseBodyRewrite;
import dev.rt.supervisor.proxy.route.RouteTarget;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HeldResponseTest {
    private static final ResponseBodyRewrite UPPER_JSON = new ResponseBodyRewrite() {
        @Override
        public boolean rewrites(int status, String contentType) {
            return status == 200 && "application/json".equals(contentType);
        }

        @Override
        public byte[] rewrite(int status, byte[] body) {
            return new String(body, StandardCharsets.UTF_8).toUpperCase().getBytes(StandardCharsets.UTF_8);
        }
    };
    private final EmbeddedChannel client = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
    private final ChannelHandlerContext ctx = client.pipeline().firstContext();
    private final RouteTarget target = RouteTarget.service("movies").rewritingBodies(UPPER_JSON);

    private static HttpResponse head(int status, String type) {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status));
        head.headers().set("content-type", type).set("transfer-encoding", "chunked");
        return head;
    }

    private static HttpContent chunk(String text) {
        return new DefaultHttpContent(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
    }

    @Test
    void aResponseItsRouteRewritesGoesOutWholeWithItsNewLength() {
        HeldResponse held = new HeldResponse();
        HttpResponse head = head(200, "application/json");
        held.begin(target, head, HttpMethod.GET, ctx);

        assertThat(held.holds(head, ctx)).isTrue();
        assertThat(held.holds(chunk("{\"title\":"), ctx)).isTrue();
        assertThat(held.holds(new DefaultLastHttpContent(Unpooled.copiedBuffer("\"alien\"}", StandardCharsets.UTF_8)),
                ctx)).isTrue();
        assertThat((Object) client.readOutbound()).isNull();
        held.finish(ctx);
        client.flushOutbound();

        HttpResponse sent = client.readOutbound();
        assertThat(sent.headers().get("content-length")).isEqualTo("17");
        assertThat(sent.headers().contains("transfer-encoding")).isFalse();
        LastHttpContent body = client.readOutbound();
        assertThat(body.content().toString(StandardCharsets.UTF_8)).isEqualTo("{\"TITLE\":\"ALIEN\"}");
        body.release();
    }

    @Test
    void otherStatusesTypesAndHeadRequestsStreamThrough() {
        HeldResponse held = new HeldResponse();
        held.begin(target, head(404, "application/json"), HttpMethod.GET, ctx);
        assertThat(held.holds(chunk("x"), ctx)).isFalse();
        held.begin(target, head(200, "text/plain"), HttpMethod.GET, ctx);
        assertThat(held.holds(chunk("x"), ctx)).isFalse();
        held.begin(target, head(200, "application/json"), HttpMethod.HEAD, ctx);
        assertThat(held.holds(chunk("x"), ctx)).isFalse();
        HttpResponse gzipped = head(200, "application/json");
        gzipped.headers().set("content-encoding", "gzip");
        held.begin(target, gzipped, HttpMethod.GET, ctx);
        assertThat(held.holds(chunk("x"), ctx)).isFalse();
        held.begin(RouteTarget.service("movies"), head(200, "application/json"), HttpMethod.GET, ctx);
        assertThat(held.holds(chunk("x"), ctx)).isFalse();
    }

    @Test
    void aBodyLargerThanTheHoldGoesOutAsItCameAndTheRestStreams() {
        HeldResponse held = new HeldResponse();
        HttpResponse head = head(200, "application/json");
        held.begin(target, head, HttpMethod.GET, ctx);
        assertThat(held.holds(head, ctx)).isTrue();
        assertThat(held.holds(chunk("abc"), ctx)).isTrue();
        HttpContent big = new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[HeldResponse.MAX_BYTES]));

        assertThat(held.holds(big, ctx)).isFalse();
        big.release();
        client.flushOutbound();

        HttpResponse sent = client.readOutbound();
        assertThat(sent.headers().get("transfer-encoding")).isEqualTo("chunked");
        HttpContent first = client.readOutbound();
        assertThat(first.content().toString(StandardCharsets.UTF_8)).isEqualTo("abc");
        first.release();
        assertThat(held.holds(chunk("more"), ctx)).as("streams from there").isFalse();
    }

    @Test
    void whatIsHeldIsLetGoWhenTheExchangeEnds() {
        HeldResponse held = new HeldResponse();
        held.begin(target, head(200, "application/json"), HttpMethod.GET, ctx);
        HttpContent part = chunk("{}");
        ByteBuf bytes = part.content();
        held.holds(part, ctx);
        assertThat(bytes.refCnt()).isEqualTo(1);

        held.discard();

        assertThat(bytes.refCnt()).isZero();
    }
}
