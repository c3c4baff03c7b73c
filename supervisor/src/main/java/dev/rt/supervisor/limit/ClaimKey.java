package dev.rt.supervisor.limit;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The value of {@code keyGenerator.claim} for a request: a claim of its caller's verified credentials, if any. */
interface ClaimKey {
    /** Empty when the request carries no valid credentials or its caller has no such claim. */
    CompletionStage<Optional<String>> of(HttpHeaders headers);
}
