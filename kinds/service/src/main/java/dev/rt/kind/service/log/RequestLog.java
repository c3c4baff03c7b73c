package dev.rt.kind.service.log;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.rt.service.Failure;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The per-request entries: {@code incoming request} and {@code request completed} (unless
 * {@code server.disableRequestLogging}), and failures (5xx at error level with the stack trace, others at info).
 * Every entry about a request carries its id under {@code server.requestIdLogLabel}.
 */
public final class RequestLog {
    public static final String ID = "rt.requestId";
    private static final String STARTED = "rt.startedNanos";

    private final LogLines lines;
    private final String idLabel;
    private final boolean requests;

    public RequestLog(LogLines lines, String idLabel, boolean disableRequestLogging) {
        this.lines = lines;
        this.idLabel = idLabel;
        this.requests = !disableRequestLogging && lines.enabled(LogLines.INFO);
    }

    /** Whether entries of {@code level} are written. */
    public boolean enabled(int level) {
        return lines.enabled(level);
    }

    public boolean logsRequests() {
        return requests;
    }

    /** The request's first entry; its time starts the response time of {@link #completed}. */
    public void incoming(RoutingContext context) {
        context.put(STARTED, System.nanoTime());
        HttpServerRequest request = context.request();
        lines.write(LogLines.INFO, "incoming request", json -> fields(json, () -> {
            json.writeStringField(idLabel, context.get(ID));
            request(json, request);
        }));
    }

    public void completed(RoutingContext context) {
        long started = context.get(STARTED);
        double millis = (System.nanoTime() - started) / 1_000_000.0;
        lines.write(LogLines.INFO, "request completed", json -> fields(json, () -> {
            json.writeStringField(idLabel, context.get(ID));
            json.writeObjectFieldStart("res");
            json.writeNumberField("statusCode", context.response().getStatusCode());
            json.writeEndObject();
            json.writeNumberField("responseTime", Math.round(millis * 1000) / 1000.0);
        }));
    }

    public void failure(RoutingContext context, Failure failure) {
        boolean server = failure.statusCode() >= 500;
        lines.write(server ? LogLines.ERROR : LogLines.INFO, failure.message(), json -> fields(json, () -> {
            String id = context.get(ID);
            if (id != null) {
                json.writeStringField(idLabel, id);
            }
            request(json, context.request());
            json.writeObjectFieldStart("res");
            json.writeNumberField("statusCode", failure.statusCode());
            json.writeEndObject();
            if (server && failure.cause().isPresent()) {
                Throwable cause = failure.cause().get();
                StringWriter trace = new StringWriter();
                cause.printStackTrace(new PrintWriter(trace));
                json.writeObjectFieldStart("err");
                json.writeStringField("type", cause.getClass().getName());
                json.writeStringField("message", String.valueOf(cause.getMessage()));
                json.writeStringField("stack", trace.toString().stripTrailing());
                json.writeEndObject();
            }
        }));
    }

    /** An entry a plugin writes about a request. */
    public void plugin(int level, String id, String message) {
        lines.write(level, message, json -> fields(json, () -> {
            if (id != null) {
                json.writeStringField(idLabel, id);
            }
        }));
    }

    private static void request(JsonGenerator json, HttpServerRequest request) throws IOException {
        json.writeObjectFieldStart("req");
        json.writeStringField("method", request.method().name());
        json.writeStringField("url", request.uri());
        String host = request.getHeader("host");
        if (host != null) {
            json.writeStringField("host", host);
        }
        if (request.remoteAddress() != null) {
            json.writeStringField("remoteAddress", request.remoteAddress().hostAddress());
            json.writeNumberField("remotePort", request.remoteAddress().port());
        }
        json.writeEndObject();
    }

    private interface Fields {
        void write() throws IOException;
    }

    private static void fields(JsonGenerator json, Fields fields) {
        try {
            fields.write();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
