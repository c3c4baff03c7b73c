package dev.rt.kind.java;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpPrincipal;
import dev.rt.kind.KindSpan;
import dev.rt.kind.ResponseHeadSpan;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;

/**
 * The exchange a traced request's handler sees: the JDK's own, but its response head carries the request's span
 * back to the supervisor ({@link ResponseHeadSpan}) when the span can travel that way.
 */
final class HeadSpanExchange extends HttpExchange {
    private final HttpExchange exchange;
    private final KindSpan span;

    HeadSpanExchange(HttpExchange exchange, KindSpan span) {
        this.exchange = exchange;
        this.span = span;
    }

    @Override
    public void sendResponseHeaders(int code, long length) throws IOException {
        String header = code >= 200 ? ResponseHeadSpan.headerFor(span, code) : null;
        if (header != null) {
            exchange.getResponseHeaders().set(ResponseHeadSpan.HEADER, header);
        }
        exchange.sendResponseHeaders(code, length);
    }

    @Override
    public Headers getRequestHeaders() {
        return exchange.getRequestHeaders();
    }

    @Override
    public Headers getResponseHeaders() {
        return exchange.getResponseHeaders();
    }

    @Override
    public URI getRequestURI() {
        return exchange.getRequestURI();
    }

    @Override
    public String getRequestMethod() {
        return exchange.getRequestMethod();
    }

    @Override
    public HttpContext getHttpContext() {
        return exchange.getHttpContext();
    }

    @Override
    public void close() {
        exchange.close();
    }

    @Override
    public InputStream getRequestBody() {
        return exchange.getRequestBody();
    }

    @Override
    public OutputStream getResponseBody() {
        return exchange.getResponseBody();
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
        return exchange.getRemoteAddress();
    }

    @Override
    public int getResponseCode() {
        return exchange.getResponseCode();
    }

    @Override
    public InetSocketAddress getLocalAddress() {
        return exchange.getLocalAddress();
    }

    @Override
    public String getProtocol() {
        return exchange.getProtocol();
    }

    @Override
    public Object getAttribute(String name) {
        return exchange.getAttribute(name);
    }

    @Override
    public void setAttribute(String name, Object value) {
        exchange.setAttribute(name, value);
    }

    @Override
    public void setStreams(InputStream in, OutputStream out) {
        exchange.setStreams(in, out);
    }

    @Override
    public HttpPrincipal getPrincipal() {
        return exchange.getPrincipal();
    }
}
