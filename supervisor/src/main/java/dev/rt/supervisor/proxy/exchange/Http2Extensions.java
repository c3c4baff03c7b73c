package dev.rt.supervisor.proxy.exchange;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http2.HttpConversionUtil.ExtensionHeaderNames;

/** The {@code x-http2-*} headers Netty adds when it turns an h2 stream into HTTP/1.1; workers never see them. */
final class Http2Extensions {
    private static final ExtensionHeaderNames[] NAMES = ExtensionHeaderNames.values();

    private Http2Extensions() {
    }

    static void remove(HttpHeaders headers) {
        for (ExtensionHeaderNames name : NAMES) {
            headers.remove(name.text());
        }
    }
}
