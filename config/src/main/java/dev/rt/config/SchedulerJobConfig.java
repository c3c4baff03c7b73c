package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code scheduler} entry: on each tick of {@code cron} (UTC), call {@code callbackUrl} with
 * {@code method}, {@code headers} and {@code body}, up to {@code maxRetry} attempts in total.
 *
 * @param body     the request body: a string as given, an object serialised as JSON; empty when not given
 * @param maxRetry attempts in total ({@code maxRetry}, or its alias {@code maxRetries}, which wins when both are set)
 * @param jsonBody whether the body was given as an object: it is sent as JSON, with {@code content-type:
 *                 application/json} unless {@code headers} name another
 */
public record SchedulerJobConfig(
        boolean enabled,
        String name,
        String cron,
        String callbackUrl,
        String method,
        Optional<String> body,
        Map<String, String> headers,
        int maxRetry,
        boolean jsonBody) {

    public static final String DEFAULT_METHOD = "GET";
    public static final int DEFAULT_MAX_RETRY = 3;

    public SchedulerJobConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(cron, "cron");
        Objects.requireNonNull(callbackUrl, "callbackUrl");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(body, "body");
        headers = Map.copyOf(headers);
        if (maxRetry < 1) {
            throw new IllegalArgumentException("scheduler " + name + ": maxRetry must be at least 1, found " + maxRetry);
        }
    }

    /** A job whose body, if any, is text. */
    public SchedulerJobConfig(boolean enabled, String name, String cron, String callbackUrl, String method,
            Optional<String> body, Map<String, String> headers, int maxRetry) {
        this(enabled, name, cron, callbackUrl, method, body, headers, maxRetry, false);
    }

    static SchedulerJobConfig from(ConfigNode job) {
        ConfigNode body = job.get("body");
        ConfigNode maxRetries = job.get("maxRetries").isMissing() ? job.get("maxRetry") : job.get("maxRetries");
        return new SchedulerJobConfig(
                job.get("enabled").bool(true),
                job.get("name").string(),
                job.get("cron").string(),
                job.get("callbackUrl").string(),
                job.get("method").string(DEFAULT_METHOD),
                body.isMissing() ? Optional.empty()
                        : Optional.of(body.json().isTextual() ? body.json().textValue() : body.json().toString()),
                job.get("headers").stringMap(),
                (int) maxRetries.integer(DEFAULT_MAX_RETRY, 1, Integer.MAX_VALUE),
                !body.isMissing() && body.json().isObject());
    }

    /** Every job of a {@code scheduler} array, in order; empty when absent. */
    static List<SchedulerJobConfig> listFrom(ConfigNode scheduler) {
        return scheduler.elements().stream().map(SchedulerJobConfig::from).toList();
    }
}
