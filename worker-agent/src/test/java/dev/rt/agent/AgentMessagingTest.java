package dev.rt.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.rt.kind.KindMessagingException;
import dev.rt.protocol.Message;
import dev.rt.protocol.MessageDelivery;
import dev.rt.protocol.MessageReply;
import dev.rt.protocol.MessageSend;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The worker's side of messaging, against an outbox that stands for the supervisor's socket. */
class AgentMessagingTest {
    private final BlockingQueue<Message> sent = new LinkedBlockingQueue<>();
    /** Long enough that a reply the test sends is never late on a loaded machine; the timeout has its own test. */
    private final AgentMessaging messaging = new AgentMessaging("api", message -> sent.add(message), Duration.ofSeconds(60));
    private final SpiMessaging kind = new SpiMessaging(messaging);

    @Test
    void aSendCompletesWithTheReplyThatEchoesItsId() throws Exception {
        CompletableFuture<Object> reply = kind.send("orders", "total", Map.of("items", List.of(1, 2)));
        MessageSend send = (MessageSend) sent.poll(5, TimeUnit.SECONDS);
        assertThat(send.service()).isEqualTo("orders");
        assertThat(send.payload().toString()).isEqualTo("{\"items\":[1,2]}");

        messaging.replied(MessageReply.success(send.id(), JsonNodeFactory.instance.objectNode().put("total", 3)));
        assertThat(reply.get(5, TimeUnit.SECONDS)).isEqualTo(Map.of("total", 3L));
    }

    @Test
    void anErrorReplyFailsTheSendWithItsCode() throws Exception {
        CompletableFuture<Object> reply = kind.send("orders", "total", null);
        MessageSend send = (MessageSend) sent.poll(5, TimeUnit.SECONDS);
        messaging.replied(MessageReply.failure(send.id(), MessageReply.NO_HANDLER, "no handler"));
        assertThatThrownBy(reply::join).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(KindMessagingException.class).hasMessage("no handler")
                .satisfies(e -> assertThat(((KindMessagingException) e).code()).isEqualTo(MessageReply.NO_HANDLER));
    }

    @Test
    void aSendWithNoReplyFailsAfterTheTimeout() {
        SpiMessaging kind = new SpiMessaging(new AgentMessaging("api", message -> sent.add(message), Duration.ofMillis(300)));
        long began = System.nanoTime();
        assertThatThrownBy(kind.send("orders", "total", "x")::join).cause().isInstanceOf(KindMessagingException.class)
                .hasMessage("no reply to message \"total\" from service \"orders\" within 300 ms (messagingTimeout)");
        assertThat(System.nanoTime() - began).isGreaterThanOrEqualTo(Duration.ofMillis(300).toNanos());
    }

    @Test
    void aPayloadThatIsNotJsonIsRefusedBeforeItIsSent() {
        assertThatThrownBy(kind.send("orders", "total", Map.of("when", new Object()))::join).cause()
                .isInstanceOf(KindMessagingException.class)
                .hasMessageStartingWith("cannot send message \"total\" to service"
                        + " \"orders\": payload.when is a java.lang.Object, which is not a JSON value");
        assertThat(sent).isEmpty();
    }

    @Test
    void deliveriesAreAnsweredByTheirHandlerOrWithWhyNot() throws Exception {
        kind.handle("double", payload -> ((Long) payload) * 2);
        kind.handle("broken", payload -> {
            throw new IllegalArgumentException("bad " + payload);
        });
        kind.handle("later", payload -> CompletableFuture.supplyAsync(() -> List.of(payload)));
        messaging.delivered(new MessageDelivery(7, "web", "double", JsonNodeFactory.instance.numberNode(21)));
        assertThat(((MessageReply) sent.poll(5, TimeUnit.SECONDS)).payload().asLong()).isEqualTo(42);

        messaging.delivered(new MessageDelivery(8, "web", "later", JsonNodeFactory.instance.textNode("x")));
        assertThat(((MessageReply) sent.poll(5, TimeUnit.SECONDS)).payload().toString()).isEqualTo("[\"x\"]");

        messaging.delivered(new MessageDelivery(9, "web", "broken", JsonNodeFactory.instance.numberNode(1)));
        MessageReply broken = (MessageReply) sent.poll(5, TimeUnit.SECONDS);
        assertThat(broken.error()).isEqualTo(MessageReply.HANDLER_FAILED);
        assertThat(broken.message()).isEqualTo("the handler of message \"broken\" in service \"api\" failed:"
                + " java.lang.IllegalArgumentException: bad 1");

        messaging.delivered(new MessageDelivery(10, "web", "missing", JsonNodeFactory.instance.nullNode()));
        MessageReply missing = (MessageReply) sent.poll(5, TimeUnit.SECONDS);
        assertThat(missing.id()).isEqualTo(10);
        assertThat(missing.error()).isEqualTo(MessageReply.NO_HANDLER);
    }
}
