package dev.rt.auth;

import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * The headers of the request being authenticated, as the kind's server holds them: names compare ignoring case.
 * The authenticator reads {@code Authorization} and rt's reserved headers, and hands all of them to a webhook.
 */
public interface RequestHeaders {

    /** The first value of a header, when the request has it. */
    Optional<String> first(String name);

    /** Every header line, in order, a name once per value. */
    void forEach(BiConsumer<String, String> action);

    /** Headers from a map of single values (tests, a scheduler's call). */
    static RequestHeaders of(Map<String, String> headers) {
        return new RequestHeaders() {
            @Override
            public Optional<String> first(String name) {
                return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                        .map(Map.Entry::getValue).findFirst();
            }

            @Override
            public void forEach(BiConsumer<String, String> action) {
                headers.forEach(action);
            }
        };
    }
}
