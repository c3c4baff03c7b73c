package dev.rt.supervisor.worker;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Waiting for workers that were started together: all of them, then the first failure, if any, is thrown. */
public final class Readiness {
    private Readiness() {
    }

    /** Waits for every one of {@code ready}; throws the first failure once all have ended. */
    public static void await(List<CompletableFuture<Integer>> ready) {
        RtException first = null;
        for (CompletableFuture<Integer> worker : ready) {
            try {
                worker.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RtException(ErrorCode.INTERRUPTED, "interrupted while starting the services");
            } catch (ExecutionException e) {
                Throwable cause = unwrapped(e.getCause());
                if (first == null) {
                    first = cause instanceof RtException rt ? rt
                            : new RtException(ErrorCode.SERVICE_START_FAILED, "a worker failed to start: " + cause);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** What failed, without the {@link CompletionException} that a dependent stage wraps it in. */
    static Throwable unwrapped(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
