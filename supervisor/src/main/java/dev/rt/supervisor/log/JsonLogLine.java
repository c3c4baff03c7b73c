package dev.rt.supervisor.log;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Optional;

/**
 * What a worker's JSON object line says at its top level, read by streaming (no tree; nested values are
 * skipped): enough to decide whether it is a log line (numeric {@code level}, string message under
 * {@code messageKey}, {@code time} absent or a number or string) and to pass it on as written.
 *
 * @param time the line's own {@code time} in epoch milliseconds, or -1
 * @param pid  the line's own {@code pid}, or -1
 * @param logger the line's {@code logger} (a library's logger name, as rt's SLF4J provider writes it), or empty
 */
record JsonLogLine(boolean logLine, int level, String message, long time, long pid, boolean hasName, boolean hasWorker,
        String logger) {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** The message as the pretty output shows it: {@code [logger] message} for a library's line. */
    String shown() {
        return logger.isEmpty() ? message : LineComposer.shown(logger, message);
    }

    /** Empty when the text is not exactly one JSON object. */
    static Optional<JsonLogLine> read(String text, String messageKey) {
        try (JsonParser parser = FACTORY.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            Integer level = null;
            String message = null;
            long time = -1;
            long pid = -1;
            boolean timeValid = true;
            boolean hasName = false;
            boolean hasWorker = false;
            String logger = "";
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals(messageKey)) {
                    message = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                } else if (field.equals("level")) {
                    level = value.isNumeric() ? parser.getNumberValue().intValue() : null;
                } else if (field.equals("time")) {
                    timeValid = value.isNumeric() || value == JsonToken.VALUE_STRING;
                    time = value.isNumeric() ? parser.getValueAsLong() : -1;
                } else if (field.equals("pid")) {
                    pid = value.isNumeric() ? parser.getValueAsLong() : -1;
                } else if (field.equals("name")) {
                    hasName = true;
                } else if (field.equals("worker")) {
                    hasWorker = true;
                } else if (field.equals("logger") && value == JsonToken.VALUE_STRING) {
                    logger = parser.getText();
                }
                parser.skipChildren();
            }
            if (token != JsonToken.END_OBJECT || parser.nextToken() != null) {
                return Optional.empty();
            }
            boolean logLine = level != null && message != null && timeValid;
            return Optional.of(new JsonLogLine(logLine, logLine ? level : 0, logLine ? message : "", time, pid, hasName,
                    hasWorker, logger));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
