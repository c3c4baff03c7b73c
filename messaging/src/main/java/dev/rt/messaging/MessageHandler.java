package dev.rt.messaging;

/** Answers one kind of message; see {@link Messaging#handle}. */
@FunctionalInterface
public interface MessageHandler {
    /**
     * The reply to {@code payload}: a JSON value ({@code Map<String, ?>}, {@code List<?>}, {@code String},
     * {@code Number}, {@code Boolean} or {@code null}), or a {@code CompletionStage} of one. What it throws reaches
     * the sender as a {@link MessagingException}.
     */
    Object handle(Object payload) throws Exception;
}
