package dev.rt.kind.service.graphql.ws;

import graphql.ExecutionResult;
import java.util.List;
import java.util.Map;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * One operation of a {@link GraphQlSocketSession}, under the client's id: it subscribes to a subscription's results
 * and sends each as it comes, asking for the next once it is sent, until the stream ends or the operation is stopped
 * (the client's stop, the socket closed), which cancels the stream.
 */
final class GraphQlSocketStream implements Subscriber<ExecutionResult> {
    private final GraphQlSocketSession session;
    private final String id;
    private volatile Subscription subscription;
    private volatile boolean cancelled;

    GraphQlSocketStream(GraphQlSocketSession session, String id) {
        this.session = session;
        this.id = id;
    }

    String id() {
        return id;
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        this.subscription = subscription;
        if (cancelled || !session.running(id, this)) {
            subscription.cancel();
            return;
        }
        subscription.request(1);
    }

    @Override
    public void onNext(ExecutionResult result) {
        if (cancelled) {
            return;
        }
        session.next(id, result);
        subscription.request(1);
    }

    @Override
    public void onError(Throwable error) {
        failed(error);
    }

    @Override
    public void onComplete() {
        if (!cancelled) {
            session.complete(id);
        }
    }

    /** The operation could not run, or its stream broke: it ends with the error's message. */
    void failed(Throwable error) {
        if (!cancelled) {
            String message = error.getMessage() == null ? error.toString() : error.getMessage();
            session.error(id, List.of(Map.of("message", message)));
        }
    }

    /** Stops the stream: nothing more is sent. */
    void cancel() {
        cancelled = true;
        Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
    }
}
