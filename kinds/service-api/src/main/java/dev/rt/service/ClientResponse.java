package dev.rt.service;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Objects;

/** A response a {@link ServiceClient} received, its body read whole. */
public record ClientResponse(int statusCode, MultiMap headers, Buffer body) {
    public ClientResponse {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(body, "body");
    }

    public String text() {
        return body.toString();
    }

    public JsonObject json() {
        return body.toJsonObject();
    }

    public JsonArray jsonArray() {
        return body.toJsonArray();
    }
}
