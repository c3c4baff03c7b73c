package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.route.HostHeader;
import dev.rt.supervisor.proxy.route.ProxyError;
import io.netty.handler.codec.http.HttpRequest;

/**
 * Why a proxy refuses a request head before it routes it: the decoder could not read it, or its {@code Host}
 * headers are not as RFC 9112 wants them (an h2 stream has {@code :authority} instead, so only HTTP/1 is checked).
 */
final class HeadRefusal {
    private HeadRefusal() {
    }

    /** The error to answer {@code head} with, or null when it may go on. */
    static ProxyError of(HttpRequest head, ServerLimits limits, boolean stream, boolean http10) {
        if (head.decoderResult().isFailure()) {
            return ProxyError.malformedRequest(head.decoderResult().cause(), limits.maxRequestLineLength(),
                    limits.maxHeaderSize());
        }
        return stream ? null : HostHeader.problem(head, http10);
    }
}
