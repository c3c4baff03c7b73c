package dev.rt.supervisor.telemetry;

import io.netty.handler.codec.http.HttpHeaders;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;

/** Netty's request headers as the carrier of W3C trace context. */
final class HeaderCarrier implements TextMapGetter<HttpHeaders>, TextMapSetter<HttpHeaders> {
    static final HeaderCarrier INSTANCE = new HeaderCarrier();

    @Override
    public Iterable<String> keys(HttpHeaders headers) {
        return headers.names();
    }

    @Override
    public String get(HttpHeaders headers, String key) {
        return headers == null ? null : headers.get(key);
    }

    @Override
    public void set(HttpHeaders headers, String key, String value) {
        if (headers != null) {
            headers.set(key, value);
        }
    }
}
