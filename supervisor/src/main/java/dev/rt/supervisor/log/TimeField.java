package dev.rt.supervisor.log;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.LoggerConfig.Timestamp;
import java.time.Instant;

/**
 * The {@code time} of a line, as {@code logger.timestamp} asks: epochTime (the default) milliseconds since
 * the epoch, unixTime whole seconds, isoTime an ISO-8601 string in UTC, nullTime no {@code time} at all.
 */
final class TimeField {
    private final Timestamp timestamp;

    TimeField(Timestamp timestamp) {
        this.timestamp = timestamp;
    }

    /** Appends {@code ,"time":...} (or nothing for nullTime) to a JSON line being built. */
    void append(StringBuilder line, long millis) {
        switch (timestamp) {
            case UNIX_TIME -> line.append(",\"time\":").append(Math.round(millis / 1000.0));
            case ISO_TIME -> line.append(",\"time\":\"").append(Instant.ofEpochMilli(millis)).append('"');
            case NULL_TIME -> { }
            default -> line.append(",\"time\":").append(millis);
        }
    }

    void put(ObjectNode line, long millis) {
        switch (timestamp) {
            case UNIX_TIME -> line.put("time", Math.round(millis / 1000.0));
            case ISO_TIME -> line.put("time", Instant.ofEpochMilli(millis).toString());
            case NULL_TIME -> { }
            default -> line.put("time", millis);
        }
    }
}
