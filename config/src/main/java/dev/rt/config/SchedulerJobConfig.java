package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
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

    public static SchedulerJobConfig from(JsonNode job) {
        JsonNode body = Section.child(job, "body");
        return new SchedulerJobConfig(
                Section.flag(job, "enabled", true),
                Section.requiredText(job, "name"),
                Section.requiredText(job, "cron"),
                Section.requiredText(job, "callbackUrl"),
                Section.text(job, "method", DEFAULT_METHOD),
                !Section.present(body) ? Optional.empty()
                        : Optional.of(body.isTextual() ? body.textValue() : body.toString()),
                Section.stringMap(Section.child(job, "headers")),
                Section.optionalInt(job, "maxRetries").orElse(Section.integer(job, "maxRetry", DEFAULT_MAX_RETRY)),
                Section.present(body) && body.isObject());
    }

    /** Every job of a {@code scheduler} array, in order; empty when absent. */
    public static List<SchedulerJobConfig> listFrom(JsonNode scheduler) {
        List<SchedulerJobConfig> jobs = new ArrayList<>();
        if (Section.present(scheduler)) {
            scheduler.forEach(job -> jobs.add(from(job)));
        }
        return List.copyOf(jobs);
    }
}
